"""Regular expressions compiled the first time they are used, not when the package is imported."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator


class LazyPattern:
    """A regular expression compiled the first time it is used, not when the module is imported:
    the detectors are some fifty verbose patterns, and compiling them all would add tens of
    milliseconds to every server's start, before any proposal needs them."""

    __slots__ = ("_compiled", "_flags", "_source")

    def __init__(self, source: str, flags: int) -> None:
        self._source = source
        self._flags = flags
        self._compiled: re.Pattern[str] | None = None

    @property
    def compiled(self) -> re.Pattern[str]:
        if self._compiled is None:
            self._compiled = re.compile(self._source, self._flags)
        return self._compiled

    def fullmatch(self, text: str) -> re.Match[str] | None:
        return self.compiled.fullmatch(text)

    def match(self, text: str, pos: int = 0) -> re.Match[str] | None:
        return self.compiled.match(text, pos)

    def search(self, text: str, pos: int = 0) -> re.Match[str] | None:
        return self.compiled.search(text, pos)

    def findall(self, text: str) -> list[str]:
        return self.compiled.findall(text)

    def finditer(self, text: str) -> Iterator[re.Match[str]]:
        return self.compiled.finditer(text)

    def sub(self, replacement: str | Callable[[re.Match[str]], str], text: str) -> str:
        return self.compiled.sub(replacement, text)


def lazy_pattern(source: str, flags: int = 0) -> LazyPattern:
    return LazyPattern(source, flags)
