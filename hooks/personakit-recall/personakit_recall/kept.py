"""The vectors the index keeps in the store's own files, so that a memory is embedded once per change.

What is kept is each memory's vector as the index holds it (`index.quantized`): its scale in single
precision, then one signed byte a component, under a kind (`kind`) that names the model by its
content (`model_identity`: a hash of every file of its folder, not its name), the way a vector is
derived (`FORMAT`, the fusion's quote weights, the cut of a quote) and the kit's masking, when it has
one. The store shares the rows with every process on the data (another server, the owner's command
line, the next start) and erases a memory's rows with every change to it, in the same transaction
(`KeepsDerived`): a reject, an edit, a quote added or dropped, a restrict, an approve. Stems are not
kept: they cost little beside a vector, and are made again from the text at each start.

A read never writes: rows to keep are handed to a thread (`Keeper`) that writes them once the read's
snapshot has ended, only for memories unchanged since the cursor taken before they were read. It waits
`LINGER` for more first, so that a burst of proposals, each indexed by the read after it, is kept in
one write transaction, not one each.
"""

from __future__ import annotations

import hashlib
import logging
import os
import queue
import threading
from collections.abc import Collection, Mapping
from contextlib import suppress
from pathlib import Path
from typing import Any

import numpy as np
from personakit_plugin import EVIDENCE_LIMIT

from personakit_recall import encoders, index

log = logging.getLogger("personakit.recall")

LINGER = 0.2
"""Seconds the `Keeper` waits, after rows are handed to it, for more to write in the same transaction."""

FORMAT = (
    "personakit-recall vectors 3: scale f32, int8 steps; unknown tokens, a byte-fallback tokenizer's bytes "
    "and its lone word-start mark, and wordless texts count nothing"
)
"""How a kept vector is derived and laid out; a change to either is a new kind, so nothing older is read."""

_identities: dict[tuple[object, ...], str] = {}
_identities_lock = threading.Lock()


def model_files(environ: Mapping[str, str] | None = None, data_dir: Path | None = None) -> list[Path] | str:
    """The files the model chosen for the data folder `data_dir` is read from (as `encoders.load` chooses
    it: the bundled model's folder by default; an installed model's folder and the ONNX file it runs on,
    where its companion wheel and ONNX Runtime are installed), or, for a model named and not a folder, its
    name: what `model_identity` hashes."""
    value, _ = encoders.choice(environ, data_dir)
    if not value:
        return _folder_files(encoders.bundled_model_folder())
    if value == encoders.WORDLLAMA_CHOICE:
        folder = encoders.wordllama_folder()
        return [
            folder / "weights" / encoders.WORDLLAMA_WEIGHTS,
            folder / "tokenizers" / encoders.WORDLLAMA_TOKENIZER,
        ]
    folder = Path(value).expanduser()
    if folder.is_dir():
        return _folder_files(folder)
    installed = encoders.installed_model(value)
    if installed is not None and installed.split is not None:  # its files are checked as they are unpacked
        quotes = f" quotes {installed.settings.quote_weight}" if installed.settings is not None else ""
        return f"{installed.name} {installed.split.files['model.safetensors']}{quotes}"
    found = encoders.installed_folder(installed, unpack=False) if installed is not None else None
    if installed is None or found is None:
        return value
    runs_on = encoders.companion_onnx(installed)  # its int8 file's vectors are not numpy's to the bit
    return _folder_files(found) + ([runs_on] if runs_on is not None else [])


def _folder_files(folder: Path) -> list[Path]:
    return sorted(path for path in folder.rglob("*") if path.is_file() and "__pycache__" not in path.parts)


def model_identity(environ: Mapping[str, str] | None = None, data_dir: Path | None = None) -> str:
    """The chosen model's identity: a BLAKE2b hash of the names and contents of every file it is read
    from (a copy of the same folder elsewhere is the same model; a file changed in place is another),
    or, for a model named on the hub, its name. Hashed once per process while the files' sizes and
    times stay the same."""
    files = model_files(environ, data_dir)
    if isinstance(files, str):
        return f"named:{files}"
    stats = tuple((str(path), path.stat().st_size, path.stat().st_mtime_ns) for path in files)
    with _identities_lock:
        found = _identities.get(stats)
        if found is not None:
            return found
    digest = hashlib.blake2b(digest_size=20)
    root = Path(os.path.commonpath([str(path.parent) for path in files])) if files else Path()
    for path in files:
        digest.update(str(path.relative_to(root)).encode("utf-8") + b"\0")
        with path.open("rb") as file:
            while chunk := file.read(1 << 20):
                digest.update(chunk)
        digest.update(b"\0")
    found = digest.hexdigest()
    with _identities_lock:
        _identities[stats] = found
    return found


def kind(kit: Any, environ: Mapping[str, str] | None = None) -> str:
    """The name the store keeps this kit's vectors under: the identity of the model chosen for the kit's
    data folder, how a vector is derived,
    and the kit's masking (`kit.redaction`, where the kit masks documents before a retriever sees them)."""
    weights = (index.QUOTE_WEIGHT, encoders.StaticEncoder.quote_weight, encoders.BertEncoder.quote_weight)
    masking = getattr(kit, "redaction", "")
    data_dir = getattr(getattr(kit, "config", None), "data_dir", None)
    named = f"{FORMAT}|{model_identity(environ, data_dir)}|quotes {weights} cut {EVIDENCE_LIMIT}|{masking}"
    return "recall:" + hashlib.blake2b(named.encode("utf-8"), digest_size=20).hexdigest()


class Kept:
    """The vectors kept in the store under one kind, for one kit (`index.Keeps`): read by id, kept through
    a `Keeper` for memories unchanged since the cursor `since`, taken before their documents were read."""

    def __init__(self, kit: Any, name: str, keeper: Keeper, since: str | None) -> None:
        self.kit = kit
        self.name = name
        self.keeper = keeper
        self.since = since

    def known(self, ids: Collection[str], dim: int) -> dict[str, tuple[np.ndarray, float]]:
        """The kept rows of `ids` a read in the kit's view may return, decoded (a wrong size left out)."""
        if not ids:
            return {}
        found = self.kit.derived(self.name, ids) or {}
        rows = {memory: index.decoded(data, dim) for memory, data in found.items()}
        return {memory: row for memory, row in rows.items() if row is not None}

    def keep(self, rows: Mapping[str, bytes | None]) -> None:
        """Have `rows` kept (by the `Keeper`'s thread); a row that is None is left out."""
        given = {memory: data for memory, data in rows.items() if data is not None}
        if given and self.since is not None:
            self.keeper.put(self.kit, self.name, given, self.since)


class Keeper:
    """A thread that writes rows to keep (`Kit.keep_derived`), so that no read waits for a write and no
    write is asked inside a read's snapshot. It starts with the first rows and ends when idle; it writes
    what it was handed within `LINGER` seconds at once (`_keep`)."""

    def __init__(self) -> None:
        self._queue: queue.Queue[tuple[Any, str, dict[str, bytes], str]] = queue.Queue()
        self._lock = threading.Lock()
        self._now = threading.Event()
        """Set by `wait`: what is handed over is written without lingering."""
        self._thread: threading.Thread | None = None
        self.kept = 0
        """Rows the store kept, all told (a row of a memory changed meanwhile is not)."""

    def put(self, kit: Any, name: str, rows: dict[str, bytes], since: str) -> None:
        self._queue.put((kit, name, rows, since))
        with self._lock:
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="personakit-recall-keep", daemon=True)
                self._thread.start()

    def wait(self) -> None:
        """Until every row handed over so far is written (or refused)."""
        self._now.set()
        self._queue.join()

    def _run(self) -> None:
        while True:
            try:
                first = self._queue.get(timeout=1.0)
            except queue.Empty:
                with self._lock:
                    if self._queue.empty():
                        self._thread = None
                        return
                continue
            self._now.wait(LINGER)
            handed = [first]
            with suppress(queue.Empty):
                while True:
                    handed.append(self._queue.get_nowait())
            try:
                for (kit, name), given in _grouped(handed).items():
                    self.kept += self._keep(kit, name, given)
            finally:
                self._now.clear()
                for _ in handed:
                    self._queue.task_done()

    @staticmethod
    def _keep(kit: Any, name: str, given: list[tuple[dict[str, bytes], str]]) -> int:
        """Keep the rows of `given` (rows, and the cursor taken before their memories were read), oldest
        first, in one transaction; how many were kept. Rows handed with different cursors are kept under
        the cursor of now (the first `changes` asked here), each only when its memory has not changed
        since its own cursor (`changes`): the store then refuses any changed after."""
        try:
            if len(given) == 1:
                rows, since = given[0]
                return len(kit.keep_derived(name, rows, since))
            merged: dict[str, bytes] = {}
            now: str | None = None
            for rows, since in given:
                changed = kit.changes(since)
                now = changed.cursor if now is None else now
                if changed.reset:  # too old to tell what changed since: made again when needed
                    continue
                gone = set(changed.ids)
                merged.update((memory, data) for memory, data in rows.items() if memory not in gone)
            return len(kit.keep_derived(name, merged, now)) if merged and now is not None else 0
        except Exception as exc:  # a store closed or failing: the rows are made again when needed
            log.warning("personakit-recall could not keep its vectors: %s", type(exc).__name__)
            return 0


def _grouped(
    handed: list[tuple[Any, str, dict[str, bytes], str]],
) -> dict[tuple[Any, str], list[tuple[dict[str, bytes], str]]]:
    """The rows handed over, by kit (hashed by identity, as `state_of` keys it) and kind, each group in
    the order handed."""
    groups: dict[tuple[Any, str], list[tuple[dict[str, bytes], str]]] = {}
    for kit, name, rows, since in handed:
        groups.setdefault((kit, name), []).append((rows, since))
    return groups
