"""The default redaction hook: every form in which a reader sees an e-mail address is masked whole,
as spans of the original text, and ordinary prose is left alone (contract: read rules 7 and 7a)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from personakit_plugin.core.kit import PersonaKit
from personakit_plugin.core.redaction import Mask, apply_masks, mask_problem
from personakit_plugin.default_plugins import redact_email
from personakit_plugin.testing import RedactionContract

MakeKit = Callable[..., PersonaKit]

# (how the owner wrote it, the parts of the address none of which may be shown)
FORMS = [
    ("john\uff20example.com", ["john", "example"]),  # fullwidth at-sign, NFKC @
    ("john\ufe6bexample.com", ["john", "example"]),  # small at-sign, NFKC @
    ("\uff4a\uff4f\uff48\uff4e\uff20\uff45\uff58\uff41\uff4d\uff50\uff4c\uff45\uff0e\uff43\uff4f\uff4d",
     ["\uff4a\uff4f\uff48\uff4e", "\uff45\uff58\uff41\uff4d"]),  # all fullwidth
    ("john(work)@example.com", ["john", "work", "example"]),
    ("john@(post)example.com", ["john", "post", "example"]),
    ("john (my work) @ example.com", ["john", "work", "example"]),
    ("john(a(nested)comment)@example.com", ["john", "nested", "example"]),
    ('"' + "q" * 100 + '"@example.com', ["q", "example"]),  # a quoted local part longer than 64
    ('"john doe"@example.com', ["john", "doe", "example"]),
    ("\u201cjohn doe\u201d@example.com", ["john", "doe", "example"]),  # typographic quotes
    ('john"@example.com', ["john", "example"]),  # a stray quote
    ("john%40example.com", ["john", "example"]),
    ("JOHN%40EXAMPLE.COM", ["john", "example"]),
    ("john%2540example.com", ["john", "example"]),  # percent-encoded twice
    ("%6a%6f%68%6e%40%65%78%61%6d%70%6c%65.com", ["%6a%6f", "%65%78"]),
    ("john&#64;example.com", ["john", "example"]),
    ("john&#x40;example.com", ["john", "example"]),
    ("john&#X40;example.com", ["john", "example"]),
    ("john&#064;example.com", ["john", "example"]),
    ("john&commat;example.com", ["john", "example"]),
    ("john&amp;#64;example.com", ["john", "example"]),  # an entity inside an entity
    ("&#106;&#111;&#104;&#110;&#64;&#101;&#120;&#46;&#99;&#111;&#109;", ["&#106;", "&#101;"]),
    ("jo\u200bhn@exam\u200cple.com", ["jo", "hn", "exam", "ple"]),  # zero-width space and non-joiner
    ("john\u200b@\u200bexample.com", ["john", "example"]),
    ("john\u2060\uff20\u00adexample.com", ["john", "example"]),  # word joiner, soft hyphen
    ("john [at] example [dot] com", ["john", "example", "com"]),
    ("john(at)example(dot)com", ["john", "example", "com"]),
    ("JOHN {AT} EXAMPLE {DOT} COM", ["john", "example", "com"]),
    ("john <at> example <dot> co <dot> uk", ["john", "example", "uk"]),
    ("john [at] example.com", ["john", "example"]),
    ("john [a\u200bt] example [dot] com", ["john", "example"]),
    ("john \uff3b\uff41\uff54\uff3d example \uff3b\uff44\uff4f\uff54\uff3d com", ["john", "example"]),  # ［ａｔ］
    ("john at example dot com", ["john", "example", "com"]),
    ("john.doe AT post.example DOT org", ["john", "doe", "post", "example", "org"]),
    ("john@example[.]com", ["john", "example", "com"]),
    ("john@example dot com", ["john", "example", "com"]),
    ("john @ example.com", ["john", "example"]),
    ("john@@example.com", ["john", "example"]),
    ("mailto:john@example.com?subject=Hello%20there", ["john", "example", "hello", "there"]),
    ("MAILTO:john%40example.com", ["john", "example"]),
    ("mailto:?to=john@example.com&cc=ann@example.org", ["john", "ann", "example"]),
    ("mailto:John.Doe@example.com", ["john", "doe", "example"]),
    ('mailto:"john doe"@example.com', ["john", "doe", "example"]),
]  # fmt: skip

TEMPLATES = ["write to {} any time", "<{}>", "({}).", "{}", "{}, or {} too", "Cc: {};", "\n{}\n"]

# Ordinary prose with an @, an "at" or a "mailto" in it: nothing is masked.
PROSE = [
    "meet me @ 5pm at the cafe",
    "ping @john on the team chat",
    "I work at example.com these days",
    "look at this: it works.",
    "tickets @ 3.50 each",
    "we sat at the table by the window",
    "good at chess, bad at go",
    "the price went up 5% @ noon",
    "R&D at the lab, 100% of the time",
    "&amp; and &lt; are HTML entities",
    "the mailto scheme is old",
    "email me later",
]


def masked(text: str) -> str:
    return apply_masks(text, redact_email.personakit_redact(text))


@pytest.mark.parametrize(("address", "parts"), FORMS, ids=[form for form, _ in FORMS])
def test_every_form_of_an_address_is_masked_whole(address: str, parts: list[str]) -> None:
    """Read rule 7: the mask reveals no part of the address, in whatever form it is written."""
    for template in TEMPLATES:
        text = template.format(address, address)
        shown = masked(text)
        assert "[email]" in shown, (text, shown)
        for part in parts:
            assert part.casefold() not in shown.casefold(), (text, shown, part)
        assert not {"@", "\uff20", "\ufe6b"} & set(shown), (text, shown)


@pytest.mark.parametrize(("address", "parts"), FORMS, ids=[form for form, _ in FORMS])
def test_masks_are_spans_of_the_original_text(address: str, parts: list[str]) -> None:
    """Masks found in the decoded and normalised view map back onto the text as written."""
    text = f"before {address} after"
    masks = redact_email.personakit_redact(text)
    assert masks and all(0 <= m.start < m.end <= len(text) for m in masks)
    assert masked(text) == "before [email] after"


@pytest.mark.parametrize("prose", PROSE)
def test_ordinary_prose_is_left_alone(prose: str) -> None:
    assert redact_email.personakit_redact(prose) == []


def test_a_cut_at_240_never_reveals_part_of_a_form(make_kit: MakeKit) -> None:
    """Read rule 7: masking happens before shortening, whatever the form of the address."""
    kit = make_kit()
    for address, parts in FORMS:
        for pad in range(200, 245, 7):
            quote = "x" * pad + " " + address + " and then some more words" * 3
            shown = kit.redact(quote)
            assert len(shown) <= 240
            for part in parts:
                assert part.casefold() not in shown.casefold(), (address, pad, shown)


def test_an_encoded_address_glued_to_the_next_word_is_masked_to_its_end() -> None:
    """Every character an HTML reference, a long quoted local part, the domain glued to the word after it
    (a reader sees `"QQ…Q"@MAIL.EU.EXAMPLE.COMtea`): the mask ends where the run does, never after a
    reference's `&#x2e` and before its `;`, which left the rest of the domain to read."""
    address = '"' + "Q" * 65 + '"@MAIL.EU.EXAMPLE.COM'
    encoded = "".join(f"&#{ord(c)};" if ord(c) % 2 else f"&#x{ord(c):x};" for c in address)
    assert masked(f"note {encoded}tea and more") == "note [email] and more"


def test_a_mailto_link_in_html_is_masked_and_the_markup_kept() -> None:
    assert masked('<a href="mailto:john@example.com">me</a>') == '<a href="[email]">me</a>'


def test_the_view_never_splits_what_the_text_holds_together() -> None:
    """Decoding a space or a delimiter (`%20`, NFKC's `⒜`) is not done: it could split an address."""
    for text in ["john%20doe%40example.com", "jo\u2488hn@example.com", "jo\u00a8hn\uff20example.com"]:
        assert masked(f"a {text} b") == "a [email] b", text


class TestTheDefaultHookKeepsTheRedactionContract(RedactionContract):
    plugin = redact_email
    samples = tuple(address for address, _ in FORMS)


def test_masks_are_mask_tuples_labelled_email() -> None:
    (mask,) = redact_email.personakit_redact("a john@example.com b")
    assert mask == Mask(2, 18, "email")


@pytest.mark.parametrize(
    ("address", "label"),
    [
        ("john@example.com", "email"),
        ("x@mail.com", "address"),  # `mail` inside `email`: the label would repeat a word of the address
        ("email@example.com", "address"),
        ("email.address@example.com", "e-m-a-i-l"),
        # Found twice in overlapping parts (the scheme and the first half, the name and the rest): one mask, its
        # label chosen against the whole address, which holds `MAIL`.
        ("mailto:O'NEIL&amp;#64;MAIL.EU.EXAMPLE.COM", "address"),
    ],
)
def test_the_label_is_one_that_shares_no_word_with_the_address(address: str, label: str) -> None:
    """The boundary fails a read on a label that repeats a word of what it masks, so the default
    picks the first of its labels that does not; the last has no word long enough to share."""
    text = f"write to {address} today"
    (mask,) = redact_email.personakit_redact(text)
    assert mask.label == label and mask_problem(mask, text) is None
    assert masked(text) == f"write to [{label}] today"
