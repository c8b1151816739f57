"""`personakit_read` through `kit.read`: states, ranking, limit, fill, withheld, evidence and the note
(contract: "Memories and their states" and "personakit_read")."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import msgspec
import pytest

from personakit_plugin.core.kit import PersonaKit
from personakit_plugin.testing import Clock

NOTE = "Unconfirmed: extracted from the owner's conversations but not yet reviewed by them."


def add(kit: PersonaKit, text: str, quote: str | None = None, category: str = "other") -> str:
    """Propose a memory and return its id; the proposal must be stored."""
    result = kit.propose(text, quote if quote is not None else f"owner quote for {text}", category)
    assert result.stored, result
    return result.id


def decide(kit: PersonaKit, memory_id: str, action: str, **changes: Any) -> None:
    kit.store.decide(memory_id, action, kit.now(), **changes)


def read(kit: PersonaKit, question: str, limit: int = 7) -> dict[str, Any]:
    return msgspec.to_builtins(kit.read(question, limit))


def ids(result: dict[str, Any]) -> list[str]:
    return [memory["id"] for memory in result["memories"]]


# -- states -------------------------------------------------------------------------------------


def test_unconfirmed_memory_is_shown_with_confirmed_false(kit: PersonaKit) -> None:
    """States: every new proposal is unconfirmed and shown with `confirmed: false`, and the note."""
    quote = "give me blunt feedback, skip the padding"
    mid = add(kit, "Prefers direct, practical feedback", quote, "preferences")
    assert read(kit, "How should feedback be given?") == {
        "memories": [
            {
                "id": mid,
                "text": "Prefers direct, practical feedback",
                "category": "preferences",
                "confirmed": False,
                "evidence": ["give me blunt feedback, skip the padding"],
            }
        ],
        "withheld": 0,
        "note": NOTE,
    }


def test_approved_memory_is_shown_with_confirmed_true(kit: PersonaKit) -> None:
    """States: an approved memory is shown with `confirmed: true` (and, alone, without a note)."""
    mid = add(kit, "Uses neovim daily", "I live in neovim", "tools")
    decide(kit, mid, "approve")
    assert read(kit, "which editor? neovim?") == {
        "memories": [
            {
                "id": mid,
                "text": "Uses neovim daily",
                "category": "tools",
                "confirmed": True,
                "evidence": ["I live in neovim"],
            }
        ],
        "withheld": 0,
    }


def test_reset_makes_a_memory_unconfirmed_again(kit: PersonaKit) -> None:
    """Decisions: reset puts a memory back to unconfirmed, shown with `confirmed: false`."""
    mid = add(kit, "Uses neovim daily")
    decide(kit, mid, "approve")
    decide(kit, mid, "reset")
    result = read(kit, "neovim")
    assert [(m["id"], m["confirmed"]) for m in result["memories"]] == [(mid, False)]
    assert result["note"] == NOTE


@pytest.mark.parametrize("before", [None, "approve"])
def test_restricted_matching_memory_is_only_counted(kit: PersonaKit, before: str | None) -> None:
    """States: a restricted memory never leaves (text, quote, category, id); it is counted when it matches."""
    secret = add(kit, "Has a zanzibar allergy", "allergic to zanzibar spice, keep quiet", "constraints")
    visible = add(kit, "Cooks zanzibar curry weekly", "I love curry", "preferences")
    if before:
        decide(kit, secret, before)
    decide(kit, secret, "restrict")
    result = read(kit, "zanzibar food")
    assert ids(result) == [visible]
    assert result["withheld"] == 1
    dumped = json.dumps(result)
    for leak in (secret, "allergy", "allergic", "keep quiet", "constraints"):
        assert leak not in dumped


def test_restricted_memory_that_does_not_match_is_not_counted(kit: PersonaKit) -> None:
    """States: `withheld` counts restricted memories only when they match the question."""
    secret = add(kit, "Has a zanzibar allergy")
    decide(kit, secret, "restrict")
    assert read(kit, "favourite editor") == {"memories": [], "withheld": 0}
    assert read(kit, "zanzibar") == {"memories": [], "withheld": 1}


def test_restricted_memory_never_fills(kit: PersonaKit) -> None:
    """Fill takes approved memories only: one approved and then restricted does not fill."""
    mid = add(kit, "Uses neovim daily")
    decide(kit, mid, "approve")
    decide(kit, mid, "restrict")
    assert read(kit, "gardening tips") == {"memories": [], "withheld": 0}


@pytest.mark.parametrize("before", [None, "approve", "restrict"])
def test_rejected_memory_is_neither_shown_nor_counted(kit: PersonaKit, before: str | None) -> None:
    """States: a rejected memory is never shown, never counted in withheld, never fills."""
    mid = add(kit, "Uses neovim daily")
    if before:
        decide(kit, mid, before)
    decide(kit, mid, "reject")
    assert read(kit, "neovim") == {"memories": [], "withheld": 0}
    assert read(kit, "gardening") == {"memories": [], "withheld": 0}


def test_restricted_memory_counted_once_however_many_words_match(kit: PersonaKit) -> None:
    """Rule 6: `withheld` counts memories, not matching words."""
    mid = add(kit, "Keeps bees and grows tomatoes")
    decide(kit, mid, "restrict")
    assert read(kit, "bees tomatoes grows keeps")["withheld"] == 1


# -- ranking ------------------------------------------------------------------------------------


def test_more_shared_words_rank_first(kit: PersonaKit) -> None:
    """Rule 3: score (distinct question words in the text) descending, whatever the recency."""
    three = add(kit, "Prefers testing tools written in python")
    two = add(kit, "Writes python for testing")
    one = add(kit, "Learned python early")
    assert ids(read(kit, "python testing tools")) == [three, two, one]


def test_score_counts_distinct_question_words(kit: PersonaKit) -> None:
    """Rule 3: a word repeated in the question or in the text counts once."""
    two = add(kit, "Uses vim alongside emacs")
    one = add(kit, "Vim vim vim, always vim")
    assert ids(read(kit, "vim vim vim vim emacs")) == [two, one]


def test_score_beats_approval(kit: PersonaKit) -> None:
    """Rule 3: approval only breaks ties; a higher score ranks first even when unconfirmed."""
    approved = add(kit, "Uses vim")
    decide(kit, approved, "approve")
    unconfirmed = add(kit, "Uses vim and emacs")
    approved_later = add(kit, "Knows vim well")
    decide(kit, approved_later, "approve")
    assert ids(read(kit, "vim emacs")) == [unconfirmed, approved_later, approved]


def test_words_match_whole_words_case_folded_and_nfkc(kit: PersonaKit) -> None:
    """Rule 3: words match as whole words after NFKC and case-folding, not as substrings."""
    mid = add(kit, "Enjoys testing in PYTHON")
    assert read(kit, "test") == {"memories": [], "withheld": 0}
    assert read(kit, "enjoy") == {"memories": [], "withheld": 0}
    assert ids(read(kit, "python")) == [mid]
    assert ids(read(kit, "\uff30\uff39\uff34\uff28\uff2f\uff2e")) == [mid]  # full-width PYTHON
    assert ids(read(kit, "TESTING?")) == [mid]


def test_casefolded_words_match(kit: PersonaKit) -> None:
    """Rule 3: sharp s and ss are the same word after case-folding."""
    mid = add(kit, "Lives on the Hauptstra\u00dfe")
    assert ids(read(kit, "HAUPTSTRASSE")) == [mid]


def test_only_the_memory_text_is_matched_not_its_quotes(kit: PersonaKit) -> None:
    """Rule 3: the score counts question words in the memory's text."""
    add(kit, "Prefers short answers", "tell me quickly, I am on a xylophone break")
    assert read(kit, "xylophone") == {"memories": [], "withheld": 0}


def test_stop_words_never_match(kit: PersonaKit) -> None:
    """Rule 3: a memory sharing only stop words with the question does not match."""
    add(kit, "Works with the team they have")
    assert read(kit, "What is the plan with them, and they?") == {"memories": [], "withheld": 0}


def test_stop_words_do_not_add_to_the_score(kit: PersonaKit) -> None:
    """Rule 3: stop words are ignored, so they cannot lift a memory above a better match."""
    two = add(kit, "Uses vim and emacs")
    one = add(kit, "The vim of the day is the best of all")
    assert ids(read(kit, "the vim of the emacs")) == [two, one]


def test_question_of_only_stop_words_matches_nothing(kit: PersonaKit) -> None:
    add(kit, "Is what it is")
    assert read(kit, "what is it") == {"memories": [], "withheld": 0}


def test_approved_before_unconfirmed_on_equal_score(kit: PersonaKit) -> None:
    """Rule 3: ties go to approved memories first, even when the unconfirmed one is more recent."""
    approved = add(kit, "Drinks green tea")
    decide(kit, approved, "approve")
    unconfirmed = add(kit, "Brews black tea")
    assert ids(read(kit, "tea")) == [approved, unconfirmed]


def test_most_recent_first_counting_repeats_and_decisions(kit: PersonaKit) -> None:
    """Rule 3: then most recent first: the latest of the last proposal (repeats too) and last decision."""
    first = add(kit, "Drinks green tea", "green tea please")
    second = add(kit, "Brews black tea", "black tea")
    assert ids(read(kit, "tea")) == [second, first]
    add(kit, "drinks GREEN tea.", "green tea please")  # a repeat, with a quote it already has
    assert ids(read(kit, "tea")) == [first, second]
    decide(kit, second, "edit", category="preferences")
    assert ids(read(kit, "tea")) == [second, first]
    decide(kit, first, "approve")
    decide(kit, second, "approve")
    assert ids(read(kit, "tea")) == [second, first]
    add(kit, "Drinks green tea", "a new quote about green tea")
    assert ids(read(kit, "tea")) == [first, second]


def test_id_ascending_on_a_full_tie(make_kit: Callable[..., PersonaKit]) -> None:
    """Rule 3: equal score, state and recency: id ascending."""
    kit = make_kit(clock=False)
    kit.now = Clock(step=0.0)  # type: ignore[method-assign]  # every memory proposed at the same moment
    texts = [f"Owns a {colour} bicycle" for colour in ("red", "blue", "green", "black", "white", "pink")]
    memory_ids = {text: str(kit.propose(text, "it is my bike", "other").id) for text in texts}
    order = sorted(memory_ids.values())
    assert order != list(memory_ids.values())  # proposal order alone would not pass
    assert ids(read(kit, "bicycle", 20)) == order


# -- limit --------------------------------------------------------------------------------------


def test_limit_returns_the_first_matches(kit: PersonaKit) -> None:
    """Rule 4: the first `limit` matches are returned, in ranking order."""
    for n, colour in enumerate(("red", "blue", "green", "black", "white", "pink")):
        mid = add(kit, f"Owns a {colour} bicycle" + " and a helmet" * (n % 2))
        if n % 3 == 0:
            decide(kit, mid, "approve")
    everything = ids(read(kit, "bicycle helmet", 20))
    assert len(everything) == 6
    for limit in range(1, 7):
        assert ids(read(kit, "bicycle helmet", limit)) == everything[:limit]


FOUR_TEXTS = ("Lives in Lisbon", "Works nights", "Has two cats", "Runs marathons")


# -- fill ---------------------------------------------------------------------------------------


def test_approved_fill_after_matches_most_recently_approved_first(kit: PersonaKit) -> None:
    """Rule 5: fewer than three matches: approved non-matching memories fill, most recently approved first."""
    older = add(kit, "Lives in Lisbon")
    middle = add(kit, "Works nights")
    newest = add(kit, "Has two cats")
    for mid in (older, middle, newest):
        decide(kit, mid, "approve")
    add(kit, "Lives in Lisbon", "another quote")  # recent proposal, not a recent approval
    match = add(kit, "Uses vim")
    result = read(kit, "vim")
    assert ids(result) == [match, newest, middle]
    assert [m["confirmed"] for m in result["memories"]] == [False, True, True]
    assert result["note"] == NOTE


def test_reapproval_moves_a_memory_up_the_fill(kit: PersonaKit) -> None:
    """Rule 5: the fill order is by the latest approval."""
    a, b, c = add(kit, "Lives in Lisbon"), add(kit, "Works nights"), add(kit, "Has two cats")
    for mid in (a, b, c):
        decide(kit, mid, "approve")
    assert ids(read(kit, "gardening")) == [c, b, a]
    decide(kit, a, "reset")
    decide(kit, a, "approve")
    assert ids(read(kit, "gardening")) == [a, c, b]


def test_nothing_matches_three_approved_fill(kit: PersonaKit) -> None:
    """Rule 5: with no match, the three most recently approved fill; all approved means no note."""
    approved = [add(kit, text) for text in FOUR_TEXTS]
    for mid in approved:
        decide(kit, mid, "approve")
    result = read(kit, "gardening")
    assert ids(result) == approved[::-1][:3]
    assert all(m["confirmed"] for m in result["memories"])
    assert list(result) == ["memories", "withheld"]


def test_fill_never_exceeds_limit(kit: PersonaKit) -> None:
    """Rule 5: up to three memories in all and never more than `limit`."""
    approved = [add(kit, text) for text in FOUR_TEXTS]
    for mid in approved:
        decide(kit, mid, "approve")
    for limit, count in [(1, 1), (2, 2), (3, 3), (4, 3), (7, 3), (20, 3)]:
        assert ids(read(kit, "gardening", limit)) == approved[::-1][:count], f"limit {limit}"


def test_fill_with_matches_respects_limit(kit: PersonaKit) -> None:
    """Rule 5: one match and limit 1 is just the match; limit 2 adds one approved."""
    filler = add(kit, "Lives in Lisbon")
    decide(kit, filler, "approve")
    match = add(kit, "Uses vim")
    assert ids(read(kit, "vim", 1)) == [match]
    assert ids(read(kit, "vim", 2)) == [match, filler]


def test_unconfirmed_memories_never_fill(kit: PersonaKit) -> None:
    """Rule 5: only approved memories fill; unconfirmed ones that do not match stay out."""
    for text in ("Lives in Lisbon", "Works nights", "Has two cats"):
        add(kit, text)
    assert read(kit, "gardening") == {"memories": [], "withheld": 0}
    approved = add(kit, "Runs marathons")
    decide(kit, approved, "approve")
    assert read(kit, "gardening")["memories"] == [
        {
            "id": approved,
            "text": "Runs marathons",
            "category": "other",
            "confirmed": True,
            "evidence": ["owner quote for Runs marathons"],
        }
    ]


def test_no_fill_with_three_or_more_matches(kit: PersonaKit) -> None:
    """Rule 5: fill happens only when fewer than three memories match."""
    filler = add(kit, "Lives in Lisbon")
    decide(kit, filler, "approve")
    matches = [add(kit, f"Owns a {colour} bicycle") for colour in ("red", "blue", "green")]
    assert ids(read(kit, "bicycle")) == matches[::-1]
    assert ids(read(kit, "bicycle", 20)) == matches[::-1]


def test_no_fill_when_fewer_than_three_match_but_limit_is_reached(kit: PersonaKit) -> None:
    """Rule 5: two matches and limit 2 leave no room for a fill."""
    filler = add(kit, "Lives in Lisbon")
    decide(kit, filler, "approve")
    matches = [add(kit, f"Owns a {colour} bicycle") for colour in ("red", "blue")]
    assert ids(read(kit, "bicycle", 2)) == matches[::-1]
    assert ids(read(kit, "bicycle", 3)) == [*matches[::-1], filler]


def test_matching_approved_memory_is_not_repeated_as_fill(kit: PersonaKit) -> None:
    """Rule 5: fill takes approved memories that did not match, so none appears twice."""
    match = add(kit, "Uses vim")
    other = add(kit, "Lives in Lisbon")
    decide(kit, other, "approve")
    decide(kit, match, "approve")
    assert ids(read(kit, "vim")) == [match, other]


# -- withheld -----------------------------------------------------------------------------------


def test_withheld_is_not_capped_by_limit(kit: PersonaKit) -> None:
    """Rule 6: every matching restricted memory is counted, whatever the limit."""
    for colour in ("red", "blue", "green", "black", "white"):
        decide(kit, add(kit, f"Owns a {colour} bicycle"), "restrict")
    visible = [add(kit, f"Rides a {colour} bicycle") for colour in ("red", "blue")]
    result = read(kit, "bicycle", 1)
    assert ids(result) == [visible[1]]
    assert result["withheld"] == 5


# -- evidence -----------------------------------------------------------------------------------


def test_evidence_is_at_most_two_quotes_newest_first(kit: PersonaKit) -> None:
    """Rule 7: at most two quotes, the newest first."""
    mid = add(kit, "Drinks green tea", "first quote")
    assert read(kit, "tea")["memories"][0]["evidence"] == ["first quote"]
    add(kit, "Drinks green tea", "second quote")
    assert read(kit, "tea")["memories"][0]["evidence"] == ["second quote", "first quote"]
    add(kit, "Drinks green tea", "third quote")
    add(kit, "Drinks green tea", "second quote")  # already there: not added again, not moved
    result = read(kit, "tea")
    assert ids(result) == [mid]
    assert result["memories"][0]["evidence"] == ["third quote", "second quote"]


ADDRESSES = [
    ("alice.smith@example.com", ["alice", "smith", "example"]),
    ("bob+news@post.example.co.uk", ["bob", "news", "post", "example"]),
    ("ALICE@EXAMPLE.ORG", ["alice", "example"]),
    ("j\u00f6rg@b\u00fccher.de", ["j\u00f6rg", "b\u00fccher"]),
    ('"carol smith"@example.net', ["carol", "smith", "example"]),
    ("dave@[192.168.10.20]", ["dave", "192.168"]),
    ("erin_o'hara@sub.domain-name.io", ["erin", "hara", "domain"]),
    ("frank.o.lee@x.example", ["frank", "lee", "example"]),
    ("\u043a\u0432\u0456\u0442\u043e\u0447\u043a\u0430@\u043f\u043e\u0448\u0442\u0430.\u0443\u043a\u0440",
     ["\u043a\u0432\u0456\u0442", "\u043f\u043e\u0448\u0442\u0430"]),  # квіточка@пошта.укр
    ("\u4e8c\u30ce\u5bae@\u9ed2\u5ddd.\u65e5\u672c", ["\u4e8c\u30ce", "\u9ed2\u5ddd"]),  # 二ノ宮@黒川.日本
]  # fmt: skip

MARKED_ADDRESSES = [
    # Internationalised addresses whose letters carry combining marks (Unicode Universal Acceptance
    # examples) and a decomposed (NFD, as macOS pastes it) accent: still e-mail addresses.
    ("jose\u0301@example.com", ["jose", "example"]),
    ("\u0905\u091c\u092f@\u0921\u093e\u091f\u093e.\u092d\u093e\u0930\u0924",
     ["\u0905\u091c\u092f", "\u0921\u093e\u091f\u093e"]),  # अजय@डाटा.भारत
    ("\u0930\u093e\u092e@example.com", ["\u0930\u093e", "example"]),  # राम@example.com
    ("\u0e17\u0e14\u0e2a\u0e2d\u0e1a@\u0e22\u0e39\u0e40\u0e2d.\u0e44\u0e17\u0e22",
     ["\u0e17\u0e14\u0e2a\u0e2d\u0e1a", "\u0e44\u0e17\u0e22"]),  # ทดสอบ@ยูเอ.ไทย
]  # fmt: skip


TEMPLATES = ["write to {} any time", "<{}>", "({}).", "{}", "{}, or {} too", "Cc: {};"]


def test_email_addresses_are_masked_entirely(kit: PersonaKit) -> None:
    """Rule 7: every e-mail address is masked; neither its name nor its domain is shown."""
    cases = ADDRESSES + MARKED_ADDRESSES
    for a, (address, _) in enumerate(cases):
        for n, template in enumerate(TEMPLATES):
            add(kit, f"Prefers written notes, address{a} form{n}", template.format(address, address))
    for a, (address, fragments) in enumerate(cases):
        memories = read(kit, f"address{a}", 20)["memories"]
        assert len(memories) == len(TEMPLATES)
        for memory in memories:
            (quote,) = memory["evidence"]
            assert "@" not in quote, (address, quote)
            for fragment in fragments:
                assert fragment not in quote.casefold(), (address, quote)


def test_text_around_an_address_is_kept(kit: PersonaKit) -> None:
    """Rule 7: masking hides the address, not the rest of the quote."""
    add(kit, "Prefers written notes", "write to zed@example.com any time")
    (quote,) = read(kit, "notes")["memories"][0]["evidence"]
    assert quote.startswith("write to ")
    assert quote.endswith(" any time")
    assert "zed" not in quote
    assert "example" not in quote


def test_masking_happens_before_shortening(kit: PersonaKit) -> None:
    """Rule 7: an address across position 240 is masked first, so the cut reveals no part of it."""
    filler = "word " * 47
    assert len(filler) == 235
    add(kit, "Prefers written notes", filler + "erin.longname@example.org and then a few more words here")
    (quote,) = read(kit, "notes")["memories"][0]["evidence"]
    assert len(quote) <= 240
    assert quote.endswith("\u2026")
    assert quote.startswith(filler)
    for fragment in ("erin", "longname", "example", "@"):
        assert fragment not in quote


def test_quote_up_to_240_characters_is_not_cut(kit: PersonaKit) -> None:
    """Rule 7: a quote of at most 240 characters is shown whole, without an ellipsis."""
    quotes = {f"tag{length}": ("abcdefghij" * 30)[:length] for length in (1, 239, 240)}
    for tag, quote in quotes.items():
        add(kit, f"Prefers written notes {tag}", quote)
    for tag, quote in quotes.items():
        assert read(kit, tag)["memories"][0]["evidence"] == [quote]


def test_long_quote_is_cut_to_240_with_ellipsis(kit: PersonaKit) -> None:
    """Rule 7: a longer quote is shortened to at most 240 characters in all and ends with `…`."""
    said = "The owner said this at length. " * 70
    quotes = {f"tag{length}": said[:length] for length in (241, 300, 2000)}
    for tag, quote in quotes.items():
        add(kit, f"Prefers written notes {tag}", quote)
    for tag, quote in quotes.items():
        (shown,) = read(kit, tag)["memories"][0]["evidence"]
        assert len(shown) <= 240
        assert shown.endswith("\u2026")
        assert quote.startswith(shown[:-1])
        assert len(shown) >= 200  # shortened, not emptied


def test_masked_quote_is_measured_after_masking(kit: PersonaKit) -> None:
    """Rule 7: a quote whose masked form fits in 240 characters is shown whole."""
    quote = "a" * 200 + " someone.with.a.long.name@a-rather-long-domain.example.com"
    assert len(quote) > 240
    add(kit, "Prefers written notes", quote)
    (shown,) = read(kit, "notes")["memories"][0]["evidence"]
    assert shown.startswith("a" * 200 + " ")
    assert not shown.endswith("\u2026")
    assert "someone" not in shown


# -- the text of a memory the owner has not approved -------------------------------------------------


def test_unreviewed_text_is_masked_like_a_quote(kit: PersonaKit) -> None:
    """Rule 7a: the text of an unconfirmed memory passes through the redaction hooks before it is shown."""
    mid = add(kit, "Writes to alice.smith@example.com every Friday", "I write to her on fridays")
    (memory,) = read(kit, "friday")["memories"]
    assert (memory["id"], memory["text"]) == (mid, "Writes to [email] every Friday")


def test_unreviewed_text_is_masked_in_every_form(kit: PersonaKit) -> None:
    """Rule 7a: the same masking as quotes, every form of an address included."""
    for n, (address, _) in enumerate(ADDRESSES + MARKED_ADDRESSES):
        add(kit, f"Mails textform{n} at {address} daily", "I mail them daily")
    for n, (address, _) in enumerate(ADDRESSES + MARKED_ADDRESSES):
        (memory,) = read(kit, f"textform{n}")["memories"]
        assert memory["text"] == f"Mails textform{n} at [email] daily", (address, memory["text"])


def test_approved_text_is_shown_as_the_owner_approved_it(kit: PersonaKit) -> None:
    """Rule 7a: the owner saw the text when approving it, so it is shown unmasked; its quotes stay masked."""
    mid = add(kit, "Writes to alice.smith@example.com every Friday", "mail alice.smith@example.com")
    decide(kit, mid, "approve")
    (memory,) = read(kit, "friday")["memories"]
    assert memory["text"] == "Writes to alice.smith@example.com every Friday"
    assert memory["evidence"] == ["mail [email]"]


def test_reset_or_edited_but_unapproved_text_is_masked(kit: PersonaKit) -> None:
    """Rule 7a: only an approved text is shown unmasked; a reset memory's, or an edited unconfirmed
    one's, is masked again."""
    mid = add(kit, "Writes to alice.smith@example.com every Friday")
    decide(kit, mid, "approve")
    decide(kit, mid, "reset")
    assert read(kit, "friday")["memories"][0]["text"] == "Writes to [email] every Friday"
    decide(kit, mid, "edit", text="Writes to bob@example.org every Friday")
    assert read(kit, "friday")["memories"][0]["text"] == "Writes to [email] every Friday"


# -- note, key order, empty result --------------------------------------------------------------


def test_note_only_when_a_returned_memory_is_unconfirmed(kit: PersonaKit) -> None:
    """Rule 8: no note when the unconfirmed memory is not among those returned."""
    approved = add(kit, "Uses vim and emacs")
    decide(kit, approved, "approve")
    unconfirmed = add(kit, "Uses vim")
    first = read(kit, "vim emacs", 1)
    assert ids(first) == [approved]
    assert "note" not in first
    both = read(kit, "vim emacs", 2)
    assert ids(both) == [approved, unconfirmed]
    assert both["note"] == NOTE


def test_key_order_of_the_result(kit: PersonaKit) -> None:
    """Rule 8: the result's keys are `memories`, `withheld`, `note`, in that order."""
    secret = add(kit, "Uses vim secretly")
    decide(kit, secret, "restrict")
    add(kit, "Uses vim")
    encoded = msgspec.json.encode(kit.read("vim", 7))
    decoded = json.loads(encoded)
    assert list(decoded) == ["memories", "withheld", "note"]
    assert decoded["withheld"] == 1
    assert list(decoded["memories"][0]) == ["id", "text", "category", "confirmed", "evidence"]


def test_empty_result(kit: PersonaKit) -> None:
    """Rule 9: nothing matched and nothing approved gives exactly `{"memories": [], "withheld": N}`."""
    assert json.loads(msgspec.json.encode(kit.read("anything at all", 7))) == {"memories": [], "withheld": 0}
    add(kit, "Drinks green tea")
    secret = add(kit, "Keeps a zanzibar diary")
    decide(kit, secret, "restrict")
    encoded = msgspec.json.encode(kit.read("zanzibar", 7))
    assert json.loads(encoded) == {"memories": [], "withheld": 1}
    assert list(json.loads(encoded)) == ["memories", "withheld"]
