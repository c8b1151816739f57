"""Properties of `PersonaKit.read` over random stores, random owner decisions and random questions.

Whatever was proposed and decided, a read never shows a restricted or rejected memory (text, quote or
id), never shows more than 240 characters of a quote nor any part of an e-mail address, counts in
`withheld` exactly the restricted memories that match, and returns exactly what an independent
reference of the contract's ranking and fill rules returns.

The texts are built so that a leak is visible: every memory text carries its own tag word and every
quote its own token (lowercase ASCII letters), the filler around an address is lowercase ASCII, spaces
and a little punctuation, and every part of an e-mail address is made only of characters the filler
never uses (upper case, digits, non-ASCII letters and marks, and the address symbols), whatever form
the address takes (encoded, spelled out, with comments or invisible characters). After the mask labels
are taken out, a shown quote must hold nothing but filler characters.
"""

from __future__ import annotations

import json
import re
import string
import tempfile
from dataclasses import dataclass, field

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from personakit_plugin.core.kit import PersonaKit
from personakit_plugin.core.model import QUOTES_KEPT, UNCONFIRMED_NOTE
from personakit_plugin.core.store import StoreError
from personakit_plugin.core.words import content_words
from personakit_plugin.default_plugins import redact_email
from personakit_plugin.testing import Clock, id_of

# -- the vocabulary -------------------------------------------------------------------------

TOPICS = ["tea", "coffee", "python", "rust", "morning", "meetings", "editor", "shell", "cycling", "jazz"]
STOPS = ["the", "with", "for", "my", "and", "what", "does"]
POOL_SIZE = 10


def letters(number: int) -> str:
    """A number written in lowercase letters, so tags and tokens stay within the filler's characters."""
    out = ""
    while True:
        number, digit = divmod(number, 26)
        out = string.ascii_lowercase[digit] + out
        if number == 0:
            return out


def tag(number: int) -> str:
    return f"kq{letters(number)}x"


def token(number: int) -> str:
    return f"qt{letters(number)}z"


FILLER_CHARS = set(string.ascii_lowercase + " ,.<>():;\n")
MASKS = [f"[{label}]" for label in redact_email.LABELS]
"""How the default shows an address: `[email]`, or another label when that one would share a word with it."""
ELLIPSIS = "…"

# Every address is made of characters that are not filler characters (see the module docstring).
LOCAL_PARTS = [
    "JOHN",
    "JOHN.DOE",
    "JOHN+NEWSLETTER",
    "J_D-1984",
    "O'NEIL",
    '"JOHN DOE"',
    '"DOE, JOHN"',
    '"JOHN@HOME"',
    "ÜSER",
    "用户",
    "ДМИТРИЙ",
    "JOSE\u0301",
    "ZOË.Å",
    "X",
]
DOMAINS = [
    "X.ORG",
    "MAIL.EU.EXAMPLE.COM",
    "BÜCHER.DE",
    "例え.テスト",
    "ПРИМЕР.РФ",
    "XN--BCHER-KVA.DE",
    "CAFE\u0301.FR",
    "[192.168.0.1]",
    "S1.S2.S3.S4.EXAMPLE.CO.UK",
]
BEFORE = [" ", " <", " (", ", ", " mail: ", "\n"]
AFTER = [" ", "> ", ") ", ", ", ". ", "\n", ""]


# The forms in which a reader sees an address (see `redact_email`): each is drawn with any local part
# and domain. At-signs NFKC makes `@`, or encoded; characters no reader sees; comments; spelled forms.
AT_SIGNS = ["@", "\uff20", "\ufe6b", "&#64;", "&#X40;", "&commat;", "&amp;#64;", "%40", "%2540"]
INVISIBLE = ["\u200b", "\u200c", "\u200d", "\u2060", "\u00ad", "\ufeff", "\u200e"]
SPELLED = [(" [AT] ", " [DOT] "), ("(AT)", "(DOT)"), (" {at} ", " {dot} "), (" at ", " dot "), (" [at] ", ".")]
FORMS = ["plain", "plain", "comments", "spaced", "spelled", "mailto", "references", "percent"]


@st.composite
def local_parts(draw: st.DrawFn) -> str:
    """A local part, sometimes a quoted one longer than the 64 characters a mailbox may have."""
    if draw(st.integers(0, 9)) == 0:
        return '"' + "Q" * draw(st.integers(65, 120)) + '"'
    return draw(st.sampled_from(LOCAL_PARTS))


@st.composite
def sprinkled(draw: st.DrawFn, text: str) -> str:
    """`text` with up to two characters no reader sees put anywhere in it."""
    for _ in range(draw(st.integers(0, 2))):
        at = draw(st.integers(0, len(text)))
        text = text[:at] + draw(st.sampled_from(INVISIBLE)) + text[at:]
    return text


def encoded(text: str, percent: bool) -> str:
    """Every character as an HTML character reference or percent-escape (UTF-8 bytes)."""
    if percent:
        return "".join(f"%{byte:02X}" for byte in text.encode())
    return "".join(f"&#{ord(c)};" if ord(c) % 2 else f"&#x{ord(c):x};" for c in text)


@st.composite
def addresses(draw: st.DrawFn) -> str:
    form = draw(st.sampled_from(FORMS))
    local, domain, at = draw(local_parts()), draw(st.sampled_from(DOMAINS)), draw(st.sampled_from(AT_SIGNS))
    if form in ("references", "percent"):
        return encoded(f"{local}@{domain}", percent=form == "percent")
    literal = domain.startswith("[")
    local, domain = draw(sprinkled(local)), draw(sprinkled(domain))
    if form == "comments":
        return f"{local}(CMT1){at}(CMT2){domain}"
    if form == "spaced":
        return f"{local} {at} {domain}"
    if form == "spelled" and not literal:
        spelled_at, spelled_dot = draw(st.sampled_from(SPELLED))
        return local + spelled_at + domain.replace(".", spelled_dot)
    return ("mailto:" if form == "mailto" else "") + local + at + domain


@st.composite
def filler(draw: st.DrawFn, length: int) -> str:
    """Lowercase words and spaces, exactly `length` characters (0 allowed)."""
    words = draw(st.lists(st.sampled_from(TOPICS + STOPS), min_size=length // 3 + 1, max_size=length // 3 + 1))
    return " ".join(words)[:length]


@st.composite
def quote_bodies(draw: st.DrawFn) -> str:
    """What follows a quote's token: plain words, a long text, or addresses, some placed across the cut."""
    kind = draw(st.sampled_from(["plain", "long", "address", "address-at-cut", "many-addresses"]))
    if kind == "plain":
        return draw(filler(draw(st.integers(0, 60))))
    if kind == "long":
        return draw(filler(draw(st.integers(230, 400))))
    if kind == "address":
        return draw(filler(draw(st.integers(0, 80)))) + draw(st.sampled_from(BEFORE)) + draw(addresses())
    if kind == "address-at-cut":
        # The token and a space take about 6 characters; this puts the address around position 239.
        lead = draw(st.integers(200, 238))
        tail = draw(filler(draw(st.integers(0, 80))))
        return (
            draw(filler(lead)) + draw(st.sampled_from(BEFORE)) + draw(addresses()) + draw(st.sampled_from(AFTER)) + tail
        )
    parts = [draw(filler(draw(st.integers(0, 50))))]
    for _ in range(draw(st.integers(2, 6))):
        parts += [draw(st.sampled_from(BEFORE)), draw(addresses()), draw(st.sampled_from(AFTER))]
    return "".join(parts)


@st.composite
def pool_texts(draw: st.DrawFn) -> list[str]:
    """POOL_SIZE memory texts, each a few topic words and its own tag word, some then an address."""
    texts = []
    for number in range(POOL_SIZE):
        words = [draw(st.sampled_from(TOPICS)), *draw(st.lists(st.sampled_from(TOPICS + STOPS), max_size=3))]
        text = " ".join([*words, tag(number)]).capitalize()
        if draw(st.booleans()):
            address = draw(addresses())
            if len(text) + 1 + len(address) <= 300:
                text += " " + address
        texts.append(text)
    return texts


TAGGED = re.compile(r"(.* kq[a-z]+x)(?: (.+))?", re.DOTALL)


def shown_text(text: str, approved: bool) -> str:
    """A memory text as a read shows it (read rule 7a): as approved, else with its address masked."""
    match = TAGGED.fullmatch(text)
    assert match, text
    return text if approved or match.group(2) is None else f"{match.group(1)} [{redact_email.label(match.group(2))}]"


# Restricting and approving weigh more: they are what reads must respect most often.
ACTIONS = ["approve", "approve", "restrict", "restrict", "restrict", "reject", "reset", "edit"]

proposals = st.tuples(st.just("propose"), st.integers(0, POOL_SIZE - 1), quote_bodies(), st.booleans())
decisions = st.tuples(st.just("decide"), st.integers(0, 40), st.sampled_from(ACTIONS), st.integers(0, POOL_SIZE - 1))
operations = st.one_of(
    proposals,
    proposals,
    decisions,
    decisions,
    st.tuples(
        st.just("read"),
        st.lists(st.sampled_from(TOPICS + STOPS + ["Tea?", "COFFEE", "unrelated"]), min_size=0, max_size=5),
        st.integers(1, 20),
    ),
)


# -- the reference ------------------------------------------------------------------------------


@dataclass
class Model:
    id: str
    text: str
    state: str = "unconfirmed"
    quotes: list[str] = field(default_factory=list)
    touched: float = 0.0
    approved_at: float = 0.0
    erased_text: str = ""
    erased_quotes: list[str] = field(default_factory=list)
    pending: set[str] = field(default_factory=set)
    """Quotes added while approved: they wait for the owner, whatever is decided, until the owner keeps one."""

    def evidence(self) -> list[str]:
        """The quotes a read may show (read rule 7), oldest first."""
        return [q for q in self.quotes if not (self.state == "approved" and q in self.pending)]


def reference_read(models: dict[str, Model], question: str, limit: int) -> tuple[list[str], int]:
    """The ids a read returns, in order, and `withheld`, as the contract states them."""
    asked = content_words(question)

    def score(model: Model) -> int:
        return len(asked & content_words(model.text))

    shown = [m for m in models.values() if m.state in ("approved", "unconfirmed") and score(m) >= 1]
    shown.sort(key=lambda m: (-score(m), m.state != "approved", -m.touched, m.id))
    chosen = [m.id for m in shown[:limit]]
    room = min(3, limit) - len(chosen)
    if room > 0:
        matched = {m.id for m in shown}
        fill = [m for m in models.values() if m.state == "approved" and m.id not in matched]
        fill.sort(key=lambda m: (-m.approved_at, m.id))
        chosen += [m.id for m in fill[:room]]
    withheld = sum(1 for m in models.values() if m.state == "restricted" and score(m) >= 1)
    return chosen, withheld


def shows_only_filler(evidence: str) -> bool:
    """True when, mask labels and a final ellipsis (with a cut-off label before it) aside, only filler is left."""
    if evidence.endswith(ELLIPSIS):
        evidence = evidence[:-1]
        cuts = [(cut, mask) for mask in MASKS for cut in range(len(mask) - 1, 0, -1)]
        for cut, mask in sorted(cuts, reverse=True):
            if evidence.endswith(mask[:cut]):
                evidence = evidence[: -cut or None]
                break
    for mask in MASKS:
        evidence = evidence.replace(mask, "")
    return set(evidence) <= FILLER_CHARS


def check_evidence(shown: list[str], quotes: list[str]) -> None:
    newest = list(reversed(quotes[-2:]))
    assert len(shown) == len(newest), (shown, quotes)
    for evidence, quote in zip(shown, newest, strict=True):
        assert len(evidence) <= 240, evidence
        assert "@" not in evidence, evidence
        assert shows_only_filler(evidence), (evidence, quote)
        assert evidence.startswith(quote.split(" ", 1)[0]), (evidence, quote)  # its own token
        if set(quote) <= FILLER_CHARS:  # no address in it: shown as is, or cut with an ellipsis
            if len(quote) <= 240:
                assert evidence == quote
            else:
                assert evidence.endswith(ELLIPSIS) and quote.startswith(evidence[:-1])


def check_read(kit: PersonaKit, models: dict[str, Model], question: str, limit: int) -> None:
    result = kit.read(question, limit)
    builtins = msgspec.to_builtins(result)
    dumped = json.dumps(builtins, ensure_ascii=False)
    for model in models.values():
        if model.state in ("restricted", "rejected"):
            assert model.id not in dumped, (model, dumped)
            for text in (model.text, model.erased_text):
                assert not text or text not in dumped, (model, dumped)
            for quote in model.quotes + model.erased_quotes:
                assert quote.split(" ", 1)[0] not in dumped, (model, dumped)

    expected_ids, withheld = reference_read(models, question, limit)
    assert len(result.memories) <= limit
    assert [memory.id for memory in result.memories] == expected_ids, (question, limit, models)
    assert result.withheld == withheld
    for memory in result.memories:
        model = models[memory.id]
        assert memory.text == shown_text(model.text, model.state == "approved"), (memory.text, model)
        assert memory.confirmed == (model.state == "approved")
        check_evidence(memory.evidence, model.evidence())
    unconfirmed = any(not memory.confirmed for memory in result.memories)
    assert builtins.get("note") == (UNCONFIRMED_NOTE if unconfirmed else None)
    assert list(builtins) == ["memories", "withheld", *(["note"] if unconfirmed else [])]


# -- the property -------------------------------------------------------------------------------


@settings(
    database=None,
    deadline=None,
    max_examples=100,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(texts=pool_texts(), script=st.lists(operations, min_size=10, max_size=60))
def test_reads_never_leak_and_follow_the_contract(texts: list[str], script: list[tuple]) -> None:
    """Privacy: over random stores, decisions, questions and limits, no restricted or rejected memory
    leaves, no quote shows more than 240 characters or any part of an address, `withheld` counts the
    matching restricted memories, and order, fill and limit are the contract's."""
    with tempfile.TemporaryDirectory() as folder:
        kit = PersonaKit.open(folder, environ={"PERSONAKIT_PLUGINS": ""})
        clock = Clock(start=1001.0)
        kit.now = clock  # type: ignore[method-assign]  # the model needs to know every time
        models: dict[str, Model] = {}
        aliases: dict[str, str] = {}
        quotes_made = 0
        try:
            for step in script:
                if step[0] == "propose":
                    _, which, body, repeat = step
                    text = texts[which]
                    owner = models.get(aliases.get(id_of(kit.store, text), ""))
                    if repeat and owner is not None and owner.quotes:
                        quote = owner.quotes[-1]
                    else:
                        quote = f"{token(quotes_made)} {body}".strip()
                        quotes_made += 1
                    answer = kit.propose(text, quote, "other")
                    if not answer.stored:
                        assert answer.reason == "credential_shape", (answer, quote)
                        continue
                    now = clock.last
                    if owner is None:
                        owner = models[answer.id] = Model(answer.id, text, quotes=[quote], touched=now)
                        aliases[answer.id] = answer.id
                        assert answer.new
                    else:
                        assert not answer.new
                        full = owner.state != "rejected" and quote not in owner.quotes
                        full = full and len(owner.quotes) >= QUOTES_KEPT
                        assert answer.quote_kept is (False if full else None), answer
                        if owner.state != "rejected":
                            owner.touched = max(owner.touched, now)
                            if quote not in owner.quotes and not full:
                                owner.quotes.append(quote)
                                if owner.state == "approved":
                                    owner.pending.add(quote)
                    assert (answer.id, answer.state) == (owner.id, owner.state)
                elif step[0] == "decide":
                    _, pick, action, new_text = step
                    if not models:
                        continue
                    model = list(models.values())[pick % len(models)]
                    now = clock()
                    text = texts[new_text] if action == "edit" else None
                    refused = model.state == "rejected" and action != "reject"
                    if action == "edit" and not refused and text != model.text:
                        refused = aliases.get(id_of(kit.store, text), model.id) != model.id
                    if refused:
                        with pytest.raises(StoreError):
                            kit.store.decide(model.id, action, now, text=text)
                        continue
                    kit.store.decide(model.id, action, now, text=text)
                    if model.state == "rejected":
                        continue  # rejecting again changes nothing
                    after = {"approve": "approved", "restrict": "restricted", "reset": "unconfirmed"}.get(action)
                    if model.state == after or (action == "edit" and text == model.text):
                        continue  # a decision that changes nothing is not recorded: nothing moves, not even times
                    model.touched = max(model.touched, now)
                    if action == "edit":
                        aliases[id_of(kit.store, text)] = model.id
                        model.text = text
                    elif action == "reject":
                        model.state = "rejected"
                        model.erased_text, model.text = model.text, ""
                        model.erased_quotes, model.quotes = model.quotes, []
                    else:
                        # No decision but keeping a quote ends its wait: approving again leaves it waiting.
                        model.state = {"approve": "approved", "restrict": "restricted", "reset": "unconfirmed"}[action]
                        if action == "approve":
                            model.approved_at = now
                else:
                    _, words, limit = step
                    check_read(kit, models, " ".join(words) + "?", limit)
            for limit in (1, 3, 20):
                check_read(kit, models, " ".join(TOPICS), limit)
        finally:
            kit.close()


# -- addresses the generator leaves out: each a valid address, each must be masked whole --------

EDGE_ADDRESSES = [
    '"JOHN\\"Q\\"DOE"@X.ORG',  # a quoted local part with escaped quotes (RFC 5321 quoted-pair)
    "JOHN{WORK}@X.ORG",  # braces are atext in RFC 5322
    "JOHN`Q`@X.ORG",  # so is the backtick
    "JOHN@[IPV6:2001:DB8::1]",  # an IPv6 address literal
    # Forms a reader sees as an address though they are not written as one (see `redact_email`):
    "JOHN\uff20X.ORG",  # the fullwidth at-sign, NFKC @
    "JOHN\ufe6bX.ORG",  # the small at-sign, NFKC @
    "JOHN(CMT)@X.ORG",  # a comment before the @
    "JOHN@(CMT)X.ORG",  # and after it
    '"' + "Q" * 100 + '"@X.ORG',  # a quoted local part longer than 64 characters
    "JOHN%40X.ORG",  # percent-encoded
    "JOHN&#64;X.ORG",  # an HTML character reference
    "JO\u200bHN@X\u200b.ORG",  # zero-width spaces
    "JOHN [AT] X [DOT] ORG",  # spelled out
    "JOHN at X dot ORG",
    "mailto:JOHN@X.ORG?SUBJECT=HI",
]


@pytest.mark.parametrize("address", EDGE_ADDRESSES)
def test_unusual_but_valid_addresses_are_masked_whole(tmp_path, address: str) -> None:
    """Privacy: the mask reveals no part of an address, whatever legal form the address takes."""
    kit = PersonaKit.open(tmp_path, environ={"PERSONAKIT_PLUGINS": ""})
    try:
        quote = f"qtaz write to {address} about the tea"
        assert kit.propose("Drinks green tea kqax", quote, "other").stored
        evidence = kit.read("tea", 7).memories[0].evidence
        assert len(evidence) == 1
        assert shows_only_filler(evidence[0]), (address, evidence[0])
    finally:
        kit.close()
