"""`personakit undo [N]` and the history it leaves: decisions revert newest first, an edit gets its text
back, a reject can never be undone (and the command says so, changing nothing), and `history` marks
what was undone. The store side is in the StoreContract (`personakit_plugin.testing`)."""

from __future__ import annotations

import sqlite3

import pytest

from personakit_plugin.owner.cli import USAGE
from personakit_plugin.storage.sqlite import FILE_NAME

from ..helpers import cli
from ..helpers.cli import MEMORIES, listed, snapshot
from ..helpers.erasure import leaks

# The command-line fixtures of test_cli: a clean environment, `pk` on a fresh folder, four memories.
environment, run, pk, ids = cli.environment, cli.run, cli.pk, cli.ids


def test_undo_reverts_the_latest_decision(pk, ids):
    pk("approve", ids[0]).ok()
    pk("restrict", ids[1]).ok()

    out = pk("undo").lines()

    assert out == [f"Undid #2 restrict of {ids[1]}: restricted -> unconfirmed."]
    memories = listed(pk)
    assert (memories[ids[0]]["state"], memories[ids[1]]["state"]) == ("approved", "unconfirmed")


def test_undo_n_reverts_several_newest_first(pk, ids):
    for action, memory in [("approve", ids[0]), ("restrict", ids[0]), ("approve", ids[1])]:
        pk(action, memory).ok()

    out = pk("undo", "3", "--yes").lines()

    assert [line.split(":")[0] for line in out] == [
        f"Undid #3 approve of {ids[1]}",
        f"Undid #2 restrict of {ids[0]}",
        f"Undid #1 approve of {ids[0]}",
    ]
    assert {m["state"] for m in listed(pk).values()} == {"unconfirmed"}


def test_undo_of_an_edit_restores_text_and_category(pk, folder, ids):
    pk("edit", ids[0], "--text", "Drinks espresso only", "--category", "tools").ok()

    out = pk("undo").ok()

    assert "text as before the edit" in out and "category tools -> preferences" in out
    memory = listed(pk)[ids[0]]
    assert (memory["text"], memory["category"]) == (MEMORIES[0][0], "preferences")
    assert "espresso" not in pk("history", "--json").out


def test_history_marks_undone_decisions_and_shows_the_undo(pk, ids):
    pk("approve", ids[0]).ok()
    pk("undo").ok()

    _, first, second = pk("history").lines()

    assert "approve (undone)" in first
    assert "undo" in second and "approved -> unconfirmed" in second
    decisions = pk("history", "--json").json()
    assert [(d["action"], d["undone"]) for d in decisions] == [("approve", True), ("undo", False)]


def test_an_undo_is_not_undone_by_the_next_undo(pk, ids):
    pk("approve", ids[0]).ok()
    pk("approve", ids[1]).ok()
    pk("undo").ok()

    assert pk("undo").ok().startswith(f"Undid #1 approve of {ids[0]}")
    done = pk("undo")
    assert (done.code, done.out) == (1, "")
    assert done.err.strip() == "personakit: There is no decision left to undo."


def test_a_reject_cannot_be_undone_and_nothing_changes(pk, folder, ids):
    pk("approve", ids[1]).ok()
    pk("reject", ids[0]).ok()
    before = snapshot(folder)

    done = pk("undo")

    assert (done.code, done.out) == (1, "")
    assert done.err.count("\n") == 1 and "reject cannot be undone" in done.err and ids[0] in done.err
    assert snapshot(folder) == before


def test_undo_n_stops_at_a_reject_and_says_so(pk, ids):
    pk("reject", ids[0]).ok()
    pk("approve", ids[1]).ok()
    pk("approve", ids[2]).ok()

    out = pk("undo", "5", "--yes").lines()

    assert len(out) == 3
    assert out[2].startswith("Stopped after 2: ") and "reject cannot be undone" in out[2]
    states = {memory_id: m["state"] for memory_id, m in listed(pk).items()}
    assert states == {ids[0]: "rejected", ids[1]: "unconfirmed", ids[2]: "unconfirmed", ids[3]: "unconfirmed"}


def test_reject_warns_before_it_acts(pk, ids):
    out = pk("reject", ids[0]).lines()

    assert "cannot be undone" in out[0]
    assert out[1] == f"{ids[0]}: unconfirmed -> rejected"


def test_undo_with_a_bad_count_is_one_sentence(pk, folder, ids):
    pk("approve", ids[0]).ok()
    for count in ("0", "-1", "two"):
        done = pk("undo", count)
        assert done.code == USAGE and done.out == "" and done.err.count("\n") == 1  # a usage mistake
    assert listed(pk)[ids[0]]["state"] == "approved"


def test_an_edit_then_reject_leaves_no_previous_text(pk, folder, ids):
    pk("edit", ids[0], "--text", "Drinks Zorblax tea in Quimperlé").ok()
    pk("edit", ids[0], "--text", "Drinks Vantablack ristretto").ok()
    database = sqlite3.connect(folder / FILE_NAME)
    assert database.execute("SELECT count(*) FROM previous_texts").fetchone()[0] == 2
    database.close()

    pk("reject", ids[0]).ok()

    needles = [MEMORIES[0][0], MEMORIES[0][1], "Zorblax", "Quimperlé", "Vantablack"]
    assert leaks(folder, needles) == []
    database = sqlite3.connect(folder / FILE_NAME)
    assert database.execute("SELECT count(*) FROM previous_texts").fetchone()[0] == 0
    database.close()


@pytest.mark.system
def test_undo_as_a_subprocess(pk, ids):
    pk("approve", ids[0], how="script").ok()

    out = pk("undo", "1", how="module").ok()

    assert out.strip() == f"Undid #1 approve of {ids[0]}: approved -> unconfirmed."
    assert listed(pk)[ids[0]]["state"] == "unconfirmed"
