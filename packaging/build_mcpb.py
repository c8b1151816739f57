"""Build PersonaKit's Claude Desktop extension: `python packaging/build_mcpb.py` writes `dist/personakit.mcpb`.

An MCP Bundle (`.mcpb`) is a zip of a `manifest.json` and the server it starts. This one is of the
`python` type: the host starts `python3 -I -S server/main.py` (`packaging/mcpb/server/main.py`), and
everything that needs is in the bundle, so it installs and runs with no network. `server/lib` holds
PersonaKit, the recall plugin (`hooks/personakit-recall`: recall by meaning, with its bundled model)
and every package they need, installed with this Python's pip (`pip install --target`). Some of those
are compiled (pydantic-core, msgspec, numpy, tokenizers ...), so the bundle runs on this Python's
minor version and this system alone: the manifest says so in `compatibility`, `server/built_for.json`
records it, and `server/main.py` refuses in one sentence to run anywhere else. Build the bundle for
another system or Python by running this there.

The manifest is `packaging/mcpb/manifest.json`, whose `version` must be the package's (this refuses
to build otherwise); the build adds `compatibility`. The modules are compiled once here, with hashes
of their sources rather than times (a zip does not keep times exactly), so the host's Python writes
nothing into the extension's folder. The zip's entries are sorted and dated 1980-01-01: the zip depends
on the files it holds, not on when they were written.

    python packaging/build_mcpb.py [--out dist/personakit.mcpb] [--work build/mcpb] [--without-recall]

It prints the bundle's path and size. `mcpb validate build/mcpb/manifest.json` and `mcpb pack build/mcpb`
(the official tool, `npm install --prefix packaging`) check the result: `tox -e mcpb` runs them.
"""

from __future__ import annotations

import argparse
import compileall
import json
import platform
import py_compile
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "packaging" / "mcpb"
RECALL = ROOT / "hooks" / "personakit-recall"
PLATFORMS = {"linux": "linux", "darwin": "darwin", "win32": "win32"}
"""`sys.platform` as the manifest's `compatibility.platforms` names it (the three it knows)."""
LEFT_OUT = ("bin", "__pycache__")
"""What pip leaves in `--target` that the bundle does not need: console scripts, whose first line names
this machine's Python, and bytecode compiled against the wrong source times."""
ZIP_TIME = (1980, 1, 1, 0, 0, 0)


class BuildError(Exception):
    """The bundle cannot be built; the message is one sentence."""


def version() -> str:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]


def built_for() -> dict[str, str]:
    """This Python and system, as `server/main.py` compares them (its `running`)."""
    return {
        "python": f"{sys.version_info[0]}.{sys.version_info[1]}",
        "platform": sys.platform,
        "machine": platform.machine().lower(),
    }


def manifest() -> dict:
    """The manifest, with `compatibility` for this Python and system; a BuildError when its version is not
    the package's."""
    said = json.loads((SOURCE / "manifest.json").read_text(encoding="utf-8"))
    if said.get("version") != version():
        raise BuildError(
            f"packaging/mcpb/manifest.json says version {said.get('version')!r} but pyproject.toml says "
            f"{version()!r}; make them the same."
        )
    if sys.platform not in PLATFORMS:
        raise BuildError(f"The bundle cannot be built on {sys.platform}: a manifest names only {sorted(PLATFORMS)}.")
    major, minor = sys.version_info[:2]
    said["compatibility"] = {
        "platforms": [PLATFORMS[sys.platform]],
        "runtimes": {"python": f">={major}.{minor}.0 <{major}.{minor + 1}.0"},
    }
    return said


def install(lib: Path, recall: bool) -> None:
    """PersonaKit (and the recall plugin) with every dependency into `lib`, by this Python's pip."""
    packages = [str(ROOT), *([str(RECALL)] if recall else [])]
    command = [sys.executable, "-m", "pip", "install", "--quiet", "--no-compile", "--no-warn-script-location"]
    command += ["--disable-pip-version-check", "--target", str(lib), *packages]
    done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if done.returncode != 0:
        raise BuildError(f"pip could not install PersonaKit into the bundle:\n{done.stdout.strip()}")
    for name in LEFT_OUT:
        shutil.rmtree(lib / name, ignore_errors=True)
    for cache in lib.rglob("__pycache__"):
        shutil.rmtree(cache, ignore_errors=True)


def compiled(folder: Path) -> None:
    """Every module under `folder` compiled for this Python, checked against its source's hash."""
    ok = compileall.compile_dir(
        str(folder),
        quiet=2,
        workers=0,
        invalidation_mode=py_compile.PycInvalidationMode.CHECKED_HASH,
    )
    if not ok:
        raise BuildError(f"Some module under {folder} does not compile with Python {sys.version.split()[0]}.")


def stage(work: Path, recall: bool) -> None:
    """The bundle's folder: the manifest, the launcher, the license, `server/lib`."""
    said = manifest()
    if work.exists():
        shutil.rmtree(work)
    shutil.copytree(SOURCE, work, ignore=shutil.ignore_patterns("__pycache__", "manifest.json"))
    shutil.copy2(ROOT / "LICENSE", work / "LICENSE")
    (work / "manifest.json").write_text(json.dumps(said, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    (work / "server" / "built_for.json").write_text(json.dumps(built_for(), indent=2) + "\n", encoding="utf-8")
    install(work / "server" / "lib", recall)
    compiled(work / "server")


def zipped(work: Path, out: Path) -> None:
    """`work` as a zip at `out`, its entries sorted and dated alike, written beside it then renamed."""
    out.parent.mkdir(parents=True, exist_ok=True)
    partial = out.with_name(out.name + ".partial")
    with zipfile.ZipFile(partial, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as bundle:
        for path in sorted(p for p in work.rglob("*") if p.is_file()):
            entry = zipfile.ZipInfo(path.relative_to(work).as_posix(), ZIP_TIME)
            entry.external_attr = (path.stat().st_mode & 0o777 | 0o100000) << 16
            entry.compress_type = zipfile.ZIP_DEFLATED
            with path.open("rb") as source, bundle.open(entry, "w") as target:
                shutil.copyfileobj(source, target)
    partial.replace(out)


def build(out: Path, work: Path, recall: bool = True) -> Path:
    stage(work, recall)
    zipped(work, out)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build PersonaKit's Claude Desktop extension (.mcpb).")
    parser.add_argument("--out", type=Path, default=ROOT / "dist" / "personakit.mcpb", help="the bundle to write")
    parser.add_argument("--work", type=Path, default=ROOT / "build" / "mcpb", help="the folder the bundle is made in")
    parser.add_argument("--without-recall", action="store_true", help="leave the recall plugin out")
    args = parser.parse_args(argv)
    try:
        out = build(args.out.resolve(), args.work.resolve(), recall=not args.without_recall)
    except BuildError as exc:
        print(f"build_mcpb: {exc}", file=sys.stderr)
        return 1
    print(f"{out} ({out.stat().st_size / 1e6:.1f} MB, for {' '.join(built_for().values())})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
