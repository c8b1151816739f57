"""Masks every e-mail address in a text, name and domain alike, in any form a reader sees as one.

Generous on purpose: a near-miss is masked rather than shown. What is masked, whole:

- addresses as written: plus-addressing, subdomains, combining marks, Unicode and punycode
  domains, address literals (`[192.168.0.1]`), quoted local parts of any length (`"JOHN DOE"`,
  also in typographic or fullwidth quotes), comments around the `@` (`john(work)@example.com`,
  `john@(mail)example.com`), white space around the `@` before a dotted domain
  (`john @ example.com`), and `@@`;
- the at-signs that NFKC makes `@`: fullwidth `＠` and small `﹫`;
- encoded forms: HTML character references (`&#64;`, `&#x40;`, `&commat;`, `&amp;#64;`, whole
  addresses written as references) and percent-encoding (`john%40example.com`, `%2540`);
- invisible format characters inside an address (zero-width space and joiners, soft hyphen,
  bidirectional marks), which a reader does not see;
- spelled-out forms: `john [at] example [dot] com` (with `(at)`, `{at}`, `<at>`, `[.]` and any
  case), `john [at] example.com`, and `john at example dot com` (a bare `at` together with at
  least one spelled `dot`);
- a `mailto:` link, whole, headers included;
- anything else where an `@` has a letter or digit on both sides within one run of non-space
  characters (say `JOHN"@X.ORG`): that whole run is masked.

Left alone, to keep ordinary prose readable: a bare `at` before a domain written with real dots
(`I work at example.com` reads as a web site, not an address), an `@` with nothing address-like on
one side (`@john`, `meet @ 5pm`), and encodings a reader does not decode (`\\u0040`, base64).

Every mask is a span of the original text. Decoded and normalised forms are matched in views of
the text in which each character remembers the span of the original it came from (NFKC can change
the length): one view decodes faithfully, so an address written wholly as references is found; in
the other a decoded space or delimiter stays part of the word, so `john%20doe%40example.com` is not
split into `john%20` and an address. The masks of the text and of both views are all applied, and
each is widened to the whole run of address characters it starts or ends in.

The patterns use possessive quantifiers and start a part only where a run of part characters
starts, so a long text without an address is scanned in linear time.
"""

from __future__ import annotations

import html
import re
import unicodedata
from collections.abc import Iterator
from functools import lru_cache

from personakit_plugin.core.hookspecs import hookimpl
from personakit_plugin.core.redaction import Mask

LABEL = "email"

# -- the patterns ----------------------------------------------------------------------------

_BREAK = r"""\s@<>()\[\],;:\""""  # white space and the characters that end the parts of an address
_QUOTE = '"\uff02\u201c\u201d\u201e\u201f\u00ab\u00bb'  # " ＂ “ ” „ ‟ « »
# A part starts where a run of part characters starts (a look-behind, so a long word is scanned once).
_PART = rf"(?<![^{_BREAK}])[^{_BREAK}]++"
_QUOTED = rf"[{_QUOTE}](?:[^{_QUOTE}\\\n]|\\.)*+[{_QUOTE}]"
_COMMENT = r"\((?:[^()\\\n]|\\.|\((?:[^()\\\n]|\\.)*+\))*+\)"
_LOCAL = rf"(?:{_COMMENT})?(?:{_QUOTED}|{_PART})"
_OPEN, _CLOSE = r"[\[({<\uff3b\uff08\uff5b\uff1c]", r"[\])}>\uff3d\uff09\uff5d\uff1e]"  # also fullwidth ［（｛＜
_SPELLED_DOT = rf"(?:\s*{_OPEN}\s*(?:dot|\.)\s*{_CLOSE}\s*|\s+dot\s+)"
_DOMAIN = rf"(?:\[[^\]\s]++\]|{_PART})(?:{_SPELLED_DOT}{_PART})*"
_LABEL = r"[^\s@.<>()\[\]{},;:\"]++"
_TLD = r"(?:[^\W\d_]{2,}+|xn--[\w-]++)(?![^\s@.<>()\[\]{},;:\"])"
_DOTTED = rf"(?:\[[^\]\s]++\]|{_LABEL}(?:(?:\.|{_SPELLED_DOT}){_LABEL})*(?:\.|{_SPELLED_DOT}){_TLD})"
_WORD_LOCAL = rf"(?:{_QUOTED}|(?<![^\s@<>()\[\]{{}},;:\"])[^\s@<>()\[\]{{}},;:\"]++)"

ADDRESS = re.compile(
    rf"{_LOCAL}(?:\s*{_COMMENT})*@+(?:{_COMMENT}\s*)*{_DOMAIN}(?:{_COMMENT})?"  # as written, comments and all
    rf"|{_LOCAL}(?:\s|{_COMMENT})*@+(?:\s|{_COMMENT})*{_DOTTED}",  # white space around the @, a dotted domain
    re.IGNORECASE,
)
SPELLED = re.compile(
    rf"{_WORD_LOCAL}\s*{_OPEN}\s*at\s*{_CLOSE}\s*{_LABEL}(?:(?:\.|{_SPELLED_DOT}){_LABEL})*"  # john [at] example
    rf"|{_WORD_LOCAL}\s+at\s+{_LABEL}(?:\.{_LABEL})*(?:{_SPELLED_DOT}{_LABEL}(?:\.{_LABEL})*)+",  # at ... dot
    re.IGNORECASE,
)
_URL = r"[^\s<>\"'()\[\]{}]"
MAILTO = re.compile(rf"(?<![\w-])mailto:(?:{_QUOTED}{_URL}*+|{_URL}++)", re.IGNORECASE)  # a quoted name first
_RUN = re.compile(r"\S+")

# -- a reader's view of the text -------------------------------------------------------------

_ENCODED = re.compile(r"&(?:#[0-9]{1,8}|#[xX][0-9a-fA-F]{1,7}|[A-Za-z][A-Za-z0-9]{1,31});?|%[0-9A-Fa-f]{2}")
_BREAK_CHARS = frozenset('<>()[],;:"')


OPAQUE = "\ue000"
"""What a decoded space or delimiter becomes in an opaque view: a private-use character, part of an address."""


class View:
    """A text as a reader sees it, each character with the span of the original it stands for.

    A faithful view decodes everything to what it stands for, so `&quot;JOHN DOE&quot;&#64;x.org` is
    a quoted local part. An opaque view decodes a space or a delimiter to `OPAQUE` instead, so what
    the original holds together stays together: `john%20doe%40example.com` is one address, not `doe@...`.
    """

    def __init__(self, text: str, starts: list[int], ends: list[int]) -> None:
        self.text, self.starts, self.ends = text, starts, ends

    @classmethod
    def of(cls, original: str, *, faithful: bool) -> View:
        view = cls(original, list(range(len(original))), list(range(1, len(original) + 1)))
        for _ in range(4):  # each round decodes one layer: `&amp;#64;` and `%2540` take two
            decoded = view.decoded(faithful)
            if decoded.text == view.text and decoded.starts == view.starts:
                break
            view = decoded
        return view

    def span(self, start: int, end: int) -> tuple[int, int]:
        """The span of the original that `self.text[start:end]` (not empty) stands for."""
        return self.starts[start], self.ends[end - 1]

    def decoded(self, faithful: bool) -> View:
        """One layer of HTML references and percent-escapes decoded, NFKC applied, format characters dropped."""
        chars: list[str] = []
        starts: list[int] = []
        ends: list[int] = []

        def keep(first: int, last: int, shown: str) -> None:
            for char in shown:
                chars.append(char)
                starts.append(self.starts[first])
                ends.append(self.ends[last])

        def each(first: int, last: int) -> None:
            for i in range(first, last):
                keep(i, i, _plain(self.text[i], faithful))

        done = 0
        for match in _ENCODED.finditer(self.text):
            each(done, match.start())
            decoded = _decode(match.group())
            if decoded == match.group():  # not a reference after all (`&nothing;`)
                each(match.start(), match.end())
            else:
                keep(match.start(), match.end() - 1, _plain(decoded, faithful, decoded=True))
            done = match.end()
        each(done, len(self.text))
        return View("".join(chars), starts, ends)


def _decode(encoded: str) -> str:
    if encoded.startswith("%"):
        code = int(encoded[1:], 16)
        return chr(code) if code < 0x80 else encoded  # a byte of a longer UTF-8 character stays as written
    return html.unescape(encoded)


@lru_cache(maxsize=4096)
def _plain(text: str, faithful: bool, decoded: bool = False) -> str:
    """`text` as a reader sees it: NFKC, format characters dropped, and unless `faithful`, every space
    or delimiter that decoding or NFKC made (not one written as itself) turned `OPAQUE`."""
    shown = "".join("" if unicodedata.category(c) == "Cf" else unicodedata.normalize("NFKC", c) for c in text)
    if faithful or (shown == text and not decoded):
        return shown
    return "".join(OPAQUE if c.isspace() or c in _BREAK_CHARS else c for c in shown)


# -- finding the spans -----------------------------------------------------------------------


def _spans(text: str) -> Iterator[tuple[int, int]]:
    """The spans of `text` that are addresses, by every pattern that can apply."""
    folded = text.casefold()
    found: list[tuple[int, int]] = []
    if "@" in text:
        found += (m.span() for m in ADDRESS.finditer(text))
    if "at" in folded:
        found += (m.span() for m in SPELLED.finditer(text))
    if "mailto:" in folded:
        found += (m.span() for m in MAILTO.finditer(text))
    yield from found
    if "@" in text:
        yield from _stray_at_signs(text, found)


def _stray_at_signs(text: str, found: list[tuple[int, int]]) -> Iterator[tuple[int, int]]:
    """Each run of non-space characters holding an `@` that no span covers, with a letter or digit on both sides."""
    covered = bytearray(len(text))
    for start, end in found:
        covered[start:end] = b"\x01" * (end - start)
    for run in _RUN.finditer(text):
        if "@" not in run.group():
            continue
        start, end = run.span()
        alnum = [i for i in range(start, end) if text[i].isalnum()]
        if alnum and any(text[i] == "@" and not covered[i] for i in range(alnum[0] + 1, alnum[-1])):
            yield start, end


def _as_read(text: str) -> bool:
    """Whether a reader sees `text` as it is written: nothing to decode, normalise or drop."""
    if "&" in text or "%" in text:
        return False
    if text.isascii():
        return True
    return unicodedata.is_normalized("NFKC", text) and not any(
        unicodedata.category(c) == "Cf" for c in text if not c.isascii()
    )


def email_spans(text: str) -> list[tuple[int, int]]:
    """The (start, end) spans of `text` to mask: every address, in any form this module knows."""
    spans = set(_spans(text))
    if not _as_read(text):
        for faithful in (True, False):
            view = View.of(text, faithful=faithful)
            if view.text != text:
                spans.update(view.span(start, end) for start, end in _spans(view.text) if end > start)
    return sorted({_widened(text, start, end) for start, end in spans if end > start})


def _widened(text: str, start: int, end: int) -> tuple[int, int]:
    """A span grown to the whole runs of address characters it starts or ends inside, so that a match
    that begins at a quote or a comment (`john"@example.com, or john"@...`) leaves no name beside it."""
    while start > 0 and _joins(text[start - 1]):
        start -= 1
    while end < len(text) and _joins(text[end]):
        end += 1
    return start, end


def _joins(char: str) -> bool:
    return not char.isspace() and char not in _BREAK_CHARS


@hookimpl(trylast=True)
def personakit_redact(text: str) -> list[Mask]:
    return [Mask(start, end, LABEL) for start, end in email_spans(text)]
