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
  least one spelled `dot`), the name's own parts joined on whole: `john dot smith at ...`,
  `john [dot] smith [at] ...`, `john . smith @ ...`;
- a bare `at` before a domain with real dots when the name has an address's punctuation
  (`john.smith at gmail.com`, `jane_doe99 at example.com`) or the domain is a mail provider's
  (`peter at outlook.com`);
- white space around the dots after an `@` (`john.doe@ example . com`, `john ＠ example ． com`),
  when the address ends in a common top-level domain not capitalised as a sentence's first word;
- the ideographic full stop `。`, read as a dot; HTML references with leading zeros (`&#0000064;`);
- a `mailto:` link, whole, headers included;
- anything else where an `@` has a letter or digit on both sides within one run of non-space
  characters (say `JOHN"@X.ORG`): that whole run is masked.

Left alone, to keep ordinary prose readable. An address is a name and a domain with at least one
dot, written or spelled: a domain alone (`gmail.com`, `example dot com`) is none. A bare `at` after
a word of prose that stands before "at" (`PROSE_BEFORE_AT`: a pronoun, a form of "be", work, live,
look, meet, sign up, ...) is prose: `I work at Acme dot com` names a company's web site. A bare `at`
before a domain with real dots and a plain-word name (`look at example.com`, `tickets at
example.com`) reads as a web site too. So is `@` with nothing address-like on one side (`@john`,
`meet @ 5pm`, `email me @ home. Then`), and encodings a reader does not decode (`\\u0040`, base64).
The price: an address whose name is such a word, written out (`me at example dot com`), is shown.

Every mask is a span of the original text. Decoded and normalised forms are matched in views of
the text in which each character remembers the span of the original it came from (NFKC can change
the length): one view decodes faithfully, so an address written wholly as references is found; in
the other a decoded space or delimiter stays part of the word, so `john%20doe%40example.com` is not
split into `john%20` and an address. The masks of the text and of both views are all applied, and
each is widened to the whole run of address characters it starts or ends in.

The patterns use possessive quantifiers and start a part only where a run of part characters
starts, so a long text without an address is scanned in linear time; a name's parts are joined on
by anchored matches over a few characters, and the runs spans are widened to are found once.
"""

from __future__ import annotations

import bisect
import html
import re
import unicodedata
from collections.abc import Iterator
from functools import lru_cache

from personakit_plugin.core.hookspecs import hookimpl
from personakit_plugin.core.redaction import Mask, shares_text

LABEL = "email"
LABELS = (LABEL, "address", "e-m-a-i-l")
"""The label of a mask, the first that shares no word with the address (`redaction.shares_text`): an
address holding `mail` (`x@mail.com`) is shown as `[address]`. The last has no word long enough to
share, so every address gets one and the read never fails on the default's own masks."""

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

# After a dot written with white space around it (`example . com`), only a common top-level domain ends
# an address, and not one capitalised as the first word of a sentence (`@ home. Then`).
_COMMON_TLD = (
    r"(?:com|org|net|edu|gov|mil|int|info|biz|io|co|me|dev|app|ac|or|ne|eu|uk|us|ca|au|nz|ie|de|fr|es|it|"
    r"pt|nl|be|ch|at|se|no|dk|fi|is|pl|cz|ru|ua|jp|cn|kr|in|br|mx|ar|za|sg|hk|tw)"
)
_SPACED_DOTTED = (
    rf"{_LABEL}(?:\s*+\.\s*+{_LABEL})*\s*\.\s*(?-i:(?![A-Z][a-z])){_COMMON_TLD}(?![^\s@.<>()\[\]{{}},;:\"])"
)

ADDRESS = re.compile(
    rf"{_LOCAL}\s*@+\s*{_SPACED_DOTTED}"  # white space around the @ and the dots: `john @ example . com`
    rf"|{_LOCAL}(?:\s*{_COMMENT})*@+(?:{_COMMENT}\s*)*{_DOMAIN}(?:{_COMMENT})?"  # as written, comments and all
    rf"|{_LOCAL}(?:\s|{_COMMENT})*@+(?:\s|{_COMMENT})*{_DOTTED}",  # white space around the @, a dotted domain
    re.IGNORECASE,
)
SPELLED = re.compile(
    rf"{_WORD_LOCAL}\s*{_OPEN}\s*at\s*{_CLOSE}\s*{_LABEL}(?:(?:\.|{_SPELLED_DOT}){_LABEL})*",  # john [at] example
    re.IGNORECASE,
)
BARE_AT = re.compile(
    rf"(?P<name>{_WORD_LOCAL})\s+at\s+"
    rf"(?:{_LABEL}(?:\.{_LABEL})*(?:{_SPELLED_DOT}{_LABEL}(?:\.{_LABEL})*)+"  # john at example dot com
    rf"|(?P<domain>{_LABEL}(?:\.{_LABEL})*\.{_TLD}))"  # john.smith at example.com
    r"(?![@\uff20\ufe6b])",  # not the name of an address written with an @: `x at john.smith@example.com`
    re.IGNORECASE,
)
# Words that stand before a bare "at" in prose, not as an address's name: "I work at Acme dot com".
PROSE_BEFORE_AT = frozenset(
    """
    i i'm im me you you're he he's him she she's her it it's its we we're us they they're them one someone
    everyone anyone nobody who that that's this there here where what's
    am is are was were be been being isn't wasn't aren't
    work works worked working job jobs live lives lived living stay stays stayed staying look looks looked
    looking meet meets met meeting arrive arrives arrived arriving study studies studied studying shop
    shops shopped shopping buy buys bought book booked order ordered find found sign signed log logged
    up in on out off back down over home online only now available employed intern interned
    """.split()
)
MAIL_PROVIDERS = frozenset(
    """
    gmail googlemail yahoo ymail hotmail outlook live msn icloud aol proton protonmail pm gmx yandex zoho
    fastmail tutanota tuta hey mail email web libero orange free laposte btinternet comcast qq naver
    """.split()
)
"""A domain's first label that makes `NAME at DOMAIN.TLD` an address even when the name is a plain word:
`peter at outlook.com`; else a name needs an address's punctuation (`john.smith at example.com`)."""
# A part of the name before a spelled or spaced dot, read backwards from where a match starts:
# `john dot ` or `john [dot] ` or `john . ` before `smith at example dot com`.
_NAME_BEFORE_REVERSED = re.compile(
    rf"(?:\s*{_CLOSE}\s*(?:tod|\.)\s*{_OPEN}\s*|\s+tod\s+|\s+\.\s+)[^{_BREAK}{{}}]++",
    re.IGNORECASE,
)
NAME_PARTS = 8
"""At most this many parts of a name are joined on before a match: `a dot b dot c at example dot com`."""
_URL = r"[^\s<>\"'()\[\]{}]"
MAILTO = re.compile(rf"(?<![\w-])mailto:(?:{_QUOTED}{_URL}*+|{_URL}++)", re.IGNORECASE)  # a quoted name first
_RUN = re.compile(r"\S+")

# -- a reader's view of the text -------------------------------------------------------------

_ENCODED = re.compile(r"&(?:#0*+[0-9]{1,7}|#[xX]0*+[0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});?|%[0-9A-Fa-f]{2}")
_BREAK_CHARS = frozenset('<>()[],;:"')


_LOOKALIKES = str.maketrans({"\u3002": "."})
"""Characters a reader takes for a dot that NFKC leaves as they are: the ideographic full stop `。`
(and the halfwidth `｡`, which NFKC makes one)."""

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
    shown = shown.translate(_LOOKALIKES)
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
        found += (m.span() for m in BARE_AT.finditer(text) if _is_address(m))
    if "mailto:" in folded:
        found += (m.span() for m in MAILTO.finditer(text))
    found = [(_with_name(text, start), end) for start, end in found]
    yield from found
    if "@" in text:
        yield from _stray_at_signs(text, found)


def _is_address(match: re.Match[str]) -> bool:
    """Whether `NAME at DOMAIN` is an address: a name that is no word of prose, and for a domain with
    real dots (`at example.com`, which reads as a web site), a name with an address's punctuation or
    a domain of a mail provider."""
    name = match["name"].casefold()
    if name in PROSE_BEFORE_AT:
        return False
    domain = match["domain"]
    if domain is None:
        return True
    return any(c in "._+" or c.isdigit() for c in name) or domain.split(".")[0].casefold() in MAIL_PROVIDERS


def _with_name(text: str, start: int) -> int:
    """Where a match's name starts, with the parts written before it joined by spelled or spaced dots
    (`john dot smith at ...`, `john [dot] smith [at] ...`, `john . smith @ ...`), at most `NAME_PARTS`.
    Read backwards in a reversed copy of the few characters before it, so each step is one anchored match."""
    for _ in range(NAME_PARTS):
        before = text[max(0, start - 64) : start][::-1]
        found = _NAME_BEFORE_REVERSED.match(before)
        if found is None or (found.end() < len(before) and _joins(before[found.end()])):
            return start
        start -= found.end()
    return start


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
        unicodedata.category(c) == "Cf" or ord(c) in _LOOKALIKES for c in text if not c.isascii()
    )


def email_spans(text: str) -> list[tuple[int, int]]:
    """The (start, end) spans of `text` to mask: every address, in any form this module knows."""
    spans = set(_spans(text))
    if not _as_read(text):
        for faithful in (True, False):
            view = View.of(text, faithful=faithful)
            if view.text != text:
                spans.update(view.span(start, end) for start, end in _spans(view.text) if end > start)
    return _merged(sorted(_widened(text, {(start, end) for start, end in spans if end > start})))


def _merged(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Sorted spans with those that overlap made one, so that an address found twice in parts ("mailto:o'neil&amp;#64"
    and "o'neil&amp;#64;mail.example.com") gets one mask and one label, chosen against all of it."""
    merged: list[tuple[int, int]] = []
    for start, end in spans:
        if merged and start < merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged


def _widened(text: str, spans: set[tuple[int, int]]) -> set[tuple[int, int]]:
    """Each span grown to the whole runs of address characters it starts or ends inside, so that a match
    that begins at a quote or a comment (`john"@example.com, or john"@...`) leaves no name beside it.
    The runs are found once, so a long run holding many matches is not walked once per match. A
    character reference or percent-escape is one character of a run, what it stands for (`_as_joined`):
    the `;` that ends `&#x2e;` is no delimiter, so a span never ends inside one."""
    if not spans:  # the common case, a text with no address: nothing to grow, no runs to find
        return set()
    runs = [run.span() for run in _JOINING.finditer(_as_joined(text))]
    starts = [start for start, _ in runs]

    def run_at(i: int) -> tuple[int, int] | None:
        """The run holding the character at `i`, if any."""
        found = bisect.bisect_right(starts, i) - 1
        return runs[found] if found >= 0 and runs[found][0] <= i < runs[found][1] else None

    grown = set()
    for start, end in spans:
        before = run_at(start - 1) if start > 0 else None
        after = run_at(end) if end < len(text) else None
        grown.add((before[0] if before else start, after[1] if after else end))
    return grown


def _joins(char: str) -> bool:
    return not char.isspace() and char not in _BREAK_CHARS


def _as_joined(text: str) -> str:
    """`text` with each encoded character (`_ENCODED`, one layer) that stands for characters joining an
    address's parts written over by as many `x`: runs only ever grow by it. Any other (a space, a
    delimiter, what only looks like one) stays as written."""
    if "&" not in text and "%" not in text:
        return text
    parts, done = [], 0
    for match in _ENCODED.finditer(text):
        decoded = _decode(match.group())
        if decoded == match.group() or not all(_joins(char) for char in decoded):
            continue  # not a reference after all, or one of a space or delimiter: as written
        parts += [text[done : match.start()], "x" * (match.end() - match.start())]
        done = match.end()
    parts.append(text[done:])
    return "".join(parts)


_JOINING = re.compile(r'[^\s<>()\[\],;:"]+')
"""A run of characters that join an address's parts (not white space, not a delimiter)."""


@hookimpl(trylast=True)
def personakit_redact(text: str) -> list[Mask]:
    return [Mask(start, end, label(text[start:end])) for start, end in email_spans(text)]


def label(address: str) -> str:
    """The first of `LABELS` that shares no word with `address`."""
    return next(each for each in LABELS if not shares_text(each, address))
