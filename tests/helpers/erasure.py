"""Where erased text could still sit: every file of a data folder searched for it in every form."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from pathlib import Path


def forms(needle: str) -> set[bytes]:
    """The needle as it could sit in a file: as given or case-folded, NFKC or not, in UTF-8 or UTF-16."""
    texts = {needle, needle.lower(), needle.casefold(), unicodedata.normalize("NFKC", needle).casefold()}
    encodings = ("utf-8", "utf-16-le", "utf-16-be")
    return {text.lower().encode(encoding) for text in texts for encoding in encodings}


def leaks(folder: Path, needles: Iterable[str]) -> list[tuple[str, str]]:
    """(file, needle) for every needle found, case-insensitively, in any file under the folder."""
    found = []
    for path in sorted(folder.rglob("*")):
        if path.is_file():
            data = path.read_bytes().lower()
            for needle in needles:
                if any(form in data for form in forms(needle)):
                    found.append((path.name, needle))
    return found
