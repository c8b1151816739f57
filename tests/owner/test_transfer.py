"""`personakit export` and `personakit import` (a PersonaKit export, or `--from memory-json`, the knowledge
graph of the reference MCP memory server): lossless round trips, idempotent merges, refusals that still
apply, and errors that change nothing."""

from __future__ import annotations

import json
import os
import re
import stat

import pytest

from personakit_plugin.core.model import QUOTES_KEPT
from personakit_plugin.owner.data import transfer
from personakit_plugin.owner.data.transfer import OWNER_NAMES

from ..conftest import WAITING_QUOTES, opened, seed, seed_waiting
from ..helpers import cli
from ..helpers.cli import MEMORIES, listed, snapshot

environment, run, pk, ids = cli.environment, cli.run, cli.pk, cli.ids

GITHUB_TOKEN = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"


def decided(pk, ids) -> None:
    """Some of everything: an approval, an edit of text and category, a restriction, a reject, an undo."""
    pk("approve", ids[0]).ok()
    pk("edit", ids[1], "--text", "Drinks decaf after lunch", "--category", "constraints").ok()
    pk("restrict", ids[2]).ok()
    pk("approve", ids[2]).ok()
    pk("undo").ok()
    pk("reject", ids[3]).ok()


def exported(run, where) -> list[dict]:
    return [json.loads(line) for line in run("--data-dir", where, "export").ok().splitlines()]


def test_export_is_one_json_object_per_memory(pk, ids):
    decided(pk, ids)

    lines = [json.loads(line) for line in pk("export").ok().splitlines()]

    by_id = {line["id"]: line for line in lines}
    assert set(by_id) == set(ids)
    assert by_id[ids[3]].keys() == {"id", "state", "history"}
    assert by_id[ids[3]]["state"] == "rejected"
    first = by_id[ids[0]]
    assert (first["text"], first["category"], first["state"], first["quotes"]) == (
        MEMORIES[0][0],
        "preferences",
        "approved",
        [MEMORIES[0][1]],
    )
    assert first["created"] <= first["touched"] == first["approved_at"]
    assert [d["action"] for d in first["history"]] == ["approve"]
    edit = by_id[ids[1]]["history"][0]
    assert (edit["action"], edit["category_before"], edit["previous_text"]) == ("edit", "preferences", MEMORIES[1][0])
    restricted = by_id[ids[2]]
    assert restricted["state"] == "restricted"
    assert [(d["action"], d.get("undone", False)) for d in restricted["history"]] == [
        ("restrict", False),
        ("approve", True),
        ("undo", False),
    ]


def test_round_trip_into_an_empty_folder_is_lossless(pk, run, ids, tmp_path):
    decided(pk, ids)
    first = pk("export", "--out", tmp_path / "memories.jsonl").ok()
    assert "Exported 4 memories" in first
    assert stat.S_IMODE(os.stat(tmp_path / "memories.jsonl").st_mode) == 0o600 or os.name != "posix"

    out = run("--data-dir", tmp_path / "fresh", "import", tmp_path / "memories.jsonl").ok()

    assert out.strip() == "Imported 4 new memories, 0 already known (0 quotes added to them), 0 refused."
    assert run("--data-dir", tmp_path / "fresh", "export").ok().encode() == (tmp_path / "memories.jsonl").read_bytes()
    assert pk("history", "--json").json() == run("--data-dir", tmp_path / "fresh", "history", "--json").json()
    # The imported folder behaves like the original: the edit can be undone, the reject cannot.
    assert "reject cannot be undone" in run("--data-dir", tmp_path / "fresh", "undo").err
    # A rejected memory is exported as id, state and history: its own times come back from its history.
    copied = run("--data-dir", tmp_path / "fresh", "list", "--state", "all", "--json").json()
    original, copy = listed(pk), {m["id"]: m for m in copied}
    assert original.keys() == copy.keys()
    for memory_id, memory in original.items():
        if memory["state"] == "rejected":
            memory, copy[memory_id] = (
                {k: v for k, v in m.items() if k not in ("created", "touched")} for m in (memory, copy[memory_id])
            )
        assert memory == copy[memory_id]


def test_importing_twice_changes_nothing(pk, run, ids, tmp_path):
    decided(pk, ids)
    (tmp_path / "x.jsonl").write_text(pk("export").ok(), encoding="utf-8")
    target = tmp_path / "target"
    run("--data-dir", target, "import", tmp_path / "x.jsonl").ok()
    before = run("--data-dir", target, "export").ok()

    out = run("--data-dir", target, "import", tmp_path / "x.jsonl").ok()

    assert out.strip() == "Imported 0 new memories, 4 already known (0 quotes added to them), 0 refused."
    assert run("--data-dir", target, "export").ok() == before


def test_known_memories_keep_the_owners_decisions_and_gain_quotes(pk, run, ids, folder, tmp_path):
    other = tmp_path / "laptop"
    (coffee,) = seed(other, MEMORIES[0])  # the laptop's store has ids of its own
    seed(other, (MEMORIES[0][0], "black coffee, said on the laptop", "tools"))
    seed(other, ("Reads on the train", "I read on the train", "background"))
    run("--data-dir", other, "reject", coffee).ok()  # rejected there: keeps no quotes to add
    (decaf,) = seed(other, (MEMORIES[1][0].upper(), "decaf, said on the laptop", "other"))
    run("--data-dir", other, "restrict", decaf).ok()
    pk("approve", ids[1]).ok()
    (tmp_path / "laptop.jsonl").write_text(run("--data-dir", other, "export").ok(), encoding="utf-8")

    out = pk("import", tmp_path / "laptop.jsonl").ok()

    # The decaf memory is known here by its text; the laptop's rejected one kept no text, and its id
    # is keyed with the laptop's secret, so it arrives as a rejected memory of its own.
    assert out.strip() == "Imported 2 new memories, 1 already known (1 quote added to it), 0 refused."
    assert listed(pk)[coffee]["state"] == "rejected"
    memories = listed(pk)
    assert memories[ids[0]]["state"] == "unconfirmed"  # a reject elsewhere is not replayed here
    assert memories[ids[1]]["state"] == "approved"
    assert memories[ids[1]]["quotes"] == [MEMORIES[1][1], "decaf, said on the laptop"]
    assert memories[ids[1]]["category"] == "preferences"
    assert {m["text"] for m in memories.values()} >= {"Reads on the train"}
    assert [d["action"] for d in pk("history", ids[1], "--json").json()] == ["approve"]


def test_an_imported_memory_refused_by_a_hook_is_left_out(pk, folder, tmp_path):
    line = {
        "id": "m_0123456789ab",
        "state": "unconfirmed",
        "text": f"Uses the token {GITHUB_TOKEN}",
        "category": "tools",
        "quotes": ["my token"],
        "created": 1.0,
        "touched": 1.0,
    }
    (tmp_path / "bad.jsonl").write_text(json.dumps(line) + "\n", encoding="utf-8")

    out = pk("import", tmp_path / "bad.jsonl").ok()

    assert (
        "0 new memories" in out
        and "1 refused" in out
        and "looks like a password, key, or card or identity number" in out
    )
    assert GITHUB_TOKEN not in out
    assert listed(pk) == {}


def test_a_malformed_import_is_one_sentence_and_changes_nothing(pk, folder, ids, tmp_path):
    good = pk("export").ok().splitlines()
    before = snapshot(folder)
    cases = {
        "not-json": "{not json\n",
        "bad-state": json.dumps({"id": "m_0123456789ab", "state": "maybe", "history": []}) + "\n",
        "bad-id": json.dumps({"id": "M_1", "state": "rejected"}) + "\n",
        "rejected-with-text": json.dumps({"id": "m_0123456789ab", "state": "rejected", "text": "x"}) + "\n",
        "twice": good[0] + "\n" + good[0] + "\n",
        "good-then-bad": json.dumps({"id": "m_0123456789ab", "state": "rejected"}) + "\n[1]\n",
    }
    for name, text in cases.items():
        path = tmp_path / f"{name}.jsonl"
        path.write_text(text, encoding="utf-8")
        done = pk("import", path)
        assert (done.code, done.out) == (1, ""), name
        assert done.err.count("\n") == 1 and done.err.startswith("personakit: "), (name, done.err)
        assert snapshot(folder) == before, name
    missing = pk("import", tmp_path / "nowhere.jsonl")
    assert missing.code == 1 and missing.err.count("\n") == 1
    assert pk("export", "--out", tmp_path / "no" / "such" / "folder.jsonl").code == 1


# -- the reference memory server's knowledge graph ------------------------------------------------

GRAPH = [
    {"type": "entity", "name": "default_user", "entityType": "person", "observations": ["Prefers tabs over spaces"]},
    {
        "type": "entity",
        "name": "John_Smith",
        "entityType": "person",
        "observations": ["Speaks fluent Spanish", f"API key is {GITHUB_TOKEN}", "Graduated in 2019"],
    },
    {"type": "relation", "from": "default_user", "to": "John_Smith", "relationType": "works_with"},
    {"type": "relation", "from": "John_Smith", "to": "Anthropic", "relationType": "works_at"},
]


def write_graph(path, items=GRAPH) -> None:
    path.write_text("".join(json.dumps(item) + "\n" for item in items), encoding="utf-8")


def test_memory_json_observations_become_unconfirmed_proposals(pk, tmp_path):
    write_graph(tmp_path / "memory.jsonl")

    out = pk("import", "--from", "memory-json", tmp_path / "memory.jsonl").lines()

    assert (
        out[0] == "Imported 3 new memories as unconfirmed proposals, 0 already known, 1 refused; 2 relations skipped."
    )
    assert (
        out[1] == "Refused line 2, John_Smith observation 2: it looks like a password, key, or card or identity number."
    )
    assert GITHUB_TOKEN not in "\n".join(out)
    memories = {m["text"]: m for m in listed(pk).values()}
    assert set(memories) == {
        "Prefers tabs over spaces",
        "John Smith: Speaks fluent Spanish",
        "John Smith: Graduated in 2019",
    }
    assert {m["state"] for m in memories.values()} == {"unconfirmed"}
    assert memories["John Smith: Speaks fluent Spanish"]["quotes"] == ["Speaks fluent Spanish"]
    assert {m["category"] for m in memories.values()} == {"other"}


def test_memory_json_twice_reports_them_known(pk, folder, tmp_path):
    write_graph(tmp_path / "memory.jsonl")
    pk("import", "--from", "memory-json", tmp_path / "memory.jsonl").ok()
    before = snapshot(folder)

    out = pk("import", "--from", "memory-json", tmp_path / "memory.jsonl").lines()

    assert (
        out[0] == "Imported 0 new memories as unconfirmed proposals, 3 already known, 1 refused; 2 relations skipped."
    )
    assert len(listed(pk)) == 3
    assert {name: len(data) for name, data in snapshot(folder).items() if name.endswith("sqlite3")} == {
        name: len(data) for name, data in before.items() if name.endswith("sqlite3")
    }


def test_memory_json_owner_option_names_the_owner(pk, tmp_path):
    assert "default_user" in OWNER_NAMES
    write_graph(tmp_path / "memory.jsonl", [GRAPH[1]])

    pk("import", "--from", "memory-json", "--owner", "john_smith", tmp_path / "memory.jsonl").ok()

    assert {m["text"] for m in listed(pk).values()} == {"Speaks fluent Spanish", "Graduated in 2019"}


def test_memory_json_malformed_changes_nothing(pk, folder, ids, tmp_path):
    before = snapshot(folder)
    for name, text in {
        "not-json": json.dumps(GRAPH[0]) + "\n{oops\n",
        "bad-entity": json.dumps({"type": "entity", "name": "x", "observations": "not a list"}) + "\n",
        "not-an-object": "[1]\n",  # an empty list holds no memories, which is no error
    }.items():
        path = tmp_path / f"{name}.jsonl"
        path.write_text(text, encoding="utf-8")
        done = pk("import", "--from", "memory-json", path)
        assert (done.code, done.out) == (1, ""), name
        assert done.err.count("\n") == 1, (name, done.err)
        assert snapshot(folder) == before, name


@pytest.mark.system
def test_export_and_import_as_subprocesses(pk, run, ids, tmp_path):
    pk("approve", ids[0], how="script").ok()
    pk("export", "--out", tmp_path / "out.jsonl", how="module").ok()
    write_graph(tmp_path / "memory.jsonl")

    run("--data-dir", tmp_path / "copy", "import", tmp_path / "out.jsonl", how="script").ok()
    graph = run(
        "--data-dir", tmp_path / "copy", "import", "--from", "memory-json", tmp_path / "memory.jsonl", how="module"
    )

    assert "3 new memories" in graph.ok()
    assert run("--data-dir", tmp_path / "copy", "export", how="script").ok().count("\n") == 4 + 3


# -- the export's file is private, whatever was there -------------------------------------------------


def test_export_over_an_existing_file_makes_it_private(pk, ids, tmp_path):
    out = tmp_path / "export.jsonl"
    out.write_text("old, readable by everyone\n", encoding="utf-8")
    os.chmod(out, 0o644)

    pk("export", "--out", out).ok()

    assert stat.S_IMODE(out.stat().st_mode) == 0o600
    assert len(out.read_text(encoding="utf-8").splitlines()) == len(ids)
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".export")) == [], "no file left behind"


def test_export_refuses_a_symbolic_link_and_changes_nothing(pk, ids, tmp_path):
    target = tmp_path / "someone-elses.txt"
    target.write_text("theirs\n", encoding="utf-8")
    os.chmod(target, 0o644)
    link = tmp_path / "export.jsonl"
    link.symlink_to(target)

    done = pk("export", "--out", link)

    assert (done.code, done.out) == (1, "")
    assert done.err.count("\n") == 1 and "symbolic link" in done.err
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert target.read_text(encoding="utf-8") == "theirs\n" and stat.S_IMODE(target.stat().st_mode) == 0o644
    dangling = tmp_path / "dangling.jsonl"
    dangling.symlink_to(tmp_path / "nowhere" / "file")
    assert pk("export", "--out", dangling).code == 1
    assert not (tmp_path / "nowhere").exists()


def test_export_to_a_folder_is_one_sentence(pk, ids, tmp_path):
    done = pk("export", "--out", tmp_path)
    assert done.code == 1 and done.err.count("\n") == 1


# -- what an import may hold ---------------------------------------------------------------------------


def rejected_line(**decision) -> str:
    entry = {"seq": 1, "action": "approve", "before": "unconfirmed", "after": "approved", "at": 1.0, **decision}
    return json.dumps({"id": "m_0123456789ab", "state": "rejected", "history": [entry]}) + "\n"


def memory_line(**fields) -> str:
    memory = {"id": "m_0123456789ab", "state": "unconfirmed", "text": "Likes tea", "category": "other"}
    return json.dumps({**memory, "created": 1.0, "touched": 1.0, **fields}) + "\n"


def test_an_import_out_of_range_or_unknown_is_one_sentence_and_changes_nothing(pk, folder, ids, tmp_path):
    before = snapshot(folder)
    deep = "[" * 100_000 + "]" * 100_000
    cases = {
        "category-before": rejected_line(category_before="hobbies\x1b[2K"),
        "category-after": rejected_line(category_before="tools", category_after=7),
        "deep": deep + "\n",
        "deep-inside": memory_line()[:-2] + ', "extra": ' + deep + "}\n",
        "1e999": memory_line().replace('"created": 1.0', '"created": 1e999'),
        "huge-int-time": memory_line().replace('"created": 1.0', '"created": ' + "9" * 400),
        "far-future": memory_line(touched=1e300),
        "negative-time": memory_line(created=-5.0),
        "seq-2**70": rejected_line(seq=2**70),
        "seq-0": rejected_line(seq=0),
        "NaN": memory_line().replace('"created": 1.0', '"created": NaN'),
        "Infinity": rejected_line().replace('"at": 1.0', '"at": Infinity'),
        "decision-time-1e999": rejected_line().replace('"at": 1.0', '"at": -1e999'),
    }
    for name, text in cases.items():
        path = tmp_path / f"{name}.jsonl"
        path.write_text(text, encoding="utf-8")
        done = pk("import", path)
        assert (done.code, done.out) == (1, ""), (name, done.err)
        assert done.err.count("\n") == 1 and done.err.startswith("personakit: Line 1 of "), (name, done.err)
        assert "\x1b" not in done.err, name
        assert snapshot(folder) == before, name


def test_imported_decision_categories_may_be_null_or_one_of_the_seven(pk, tmp_path):
    path = tmp_path / "ok.jsonl"
    path.write_text(rejected_line(category_before=None, category_after="tools"), encoding="utf-8")
    pk("import", path).ok()
    assert listed(pk, "--state", "all")["m_0123456789ab"]["state"] == "rejected"


def test_memory_json_out_of_range_is_one_sentence_and_changes_nothing(pk, folder, ids, tmp_path):
    before = snapshot(folder)
    deep = "[" * 100_000 + "]" * 100_000
    entity = {"type": "entity", "name": "default_user", "observations": ["Likes tea"]}
    cases = {
        "deep": deep + "\n",
        "deep-inside": json.dumps(entity)[:-1] + ', "extra": ' + deep + "}\n",
        "1e999": json.dumps(entity)[:-1] + ', "extra": 1e999}\n',
        "NaN": json.dumps(entity)[:-1] + ', "extra": NaN}\n',
    }
    for name, text in cases.items():
        path = tmp_path / f"{name}.jsonl"
        path.write_text(text, encoding="utf-8")
        done = pk("import", "--from", "memory-json", path)
        assert (done.code, done.out) == (1, ""), (name, done.err)
        assert done.err.count("\n") == 1 and done.err.startswith("personakit: Line 1 of "), (name, done.err)
        assert snapshot(folder) == before, name


# -- quotes waiting for the owner travel with the memory ------------------------------------------------


def test_waiting_quotes_and_quote_decisions_round_trip(pk, run, folder, tmp_path):
    waiting = seed_waiting(folder)
    old, first, second = WAITING_QUOTES
    with opened(folder) as kit:
        kit.store.decide(waiting, "accept-quote", kit.now(), quote=second)
    (line,) = pk("export").ok().splitlines()
    assert json.loads(line)["pending"] == [first]
    (tmp_path / "out.jsonl").write_text(line + "\n", encoding="utf-8")

    run("--data-dir", tmp_path / "copy", "import", tmp_path / "out.jsonl").ok()

    memory = listed(lambda *args, how: run("--data-dir", tmp_path / "copy", *args, how=how))[waiting]
    assert (memory["quotes"], memory["pending"]) == ([old, first, second], [first])
    assert run("--data-dir", tmp_path / "copy", "export").ok() == line + "\n"


def test_an_import_with_a_waiting_quote_not_among_its_quotes_is_refused(pk, folder, tmp_path):
    path = tmp_path / "bad.jsonl"
    path.write_text(memory_line(state="approved", quotes=["one"], pending=["two"]), encoding="utf-8")
    done = pk("import", path)
    assert done.code == 1 and done.err.count("\n") == 1 and "waiting" in done.err


# -- a large memory-json import takes the store's bulk path, with the same answers ------------------


def mixed_graph() -> list[dict]:
    """Observations of every kind an import meets: new, repeated (in the file and in the store), about an
    approved and a rejected memory, and each refusal (empty text, too long, a credential, an empty quote)."""
    mine = [
        "Prefers tabs over spaces",
        "Drinks green tea",  # approved in the store: the new quote waits for the owner
        "Had a secret garden",  # rejected in the store: nothing is added
        "   ",
        "x" * 301,
        f"API key is {GITHUB_TOKEN}",
        "Prefers tabs over spaces",  # again, with the same quote
        *(f"Keeps notebook number {n}" for n in range(7)),
        " Prefers tabs over spaces. ",  # the same memory, another quote
    ]
    return [
        {"type": "entity", "name": "default_user", "entityType": "person", "observations": mine},
        {"type": "entity", "name": "Bob", "entityType": "person", "observations": ["  ", "Speaks Welsh", "x"]},
        {"type": "relation", "from": "default_user", "to": "Bob", "relationType": "knows"},
    ]


def bulk_only(monkeypatch) -> list[int]:
    """Make the SQLite store refuse to propose one by one, and record the size of each bulk write."""
    from personakit_plugin.storage.sqlite import SqliteStore

    sizes: list[int] = []
    bulk_propose = SqliteStore.bulk_propose

    def recorded(self, items):
        sizes.append(len(items))
        return bulk_propose(self, items)

    monkeypatch.setattr(SqliteStore, "bulk_propose", recorded)
    monkeypatch.setattr(SqliteStore, "propose", lambda *args: pytest.fail("proposed one by one"))
    return sizes


def seeded_kit(make_kit, where):
    """A kit (ticking clock) on a folder that holds an approved, a rejected and an unconfirmed memory,
    its ids keyed with one secret for every such folder, so that two of them give the same ids."""
    kit = make_kit(folder=where)
    kit.store.adopt_id_secret(b"one secret for the compared folders".ljust(32, b"."))
    tea = kit.propose("Drinks green tea", "I drink green tea", None).id
    garden = kit.propose("Had a secret garden", "my garden", None).id
    kit.propose("Keeps notebook number 3", "notebook three", "tools")
    kit.store.decide(tea, "approve", kit.now())
    kit.store.decide(garden, "reject", kit.now())
    return kit


def test_a_large_memory_json_import_in_bulk_answers_as_one_by_one(make_kit, tmp_path, monkeypatch):
    """The bulk path, in chunks small enough to split repeats across transactions, gives the same
    answers, the same refusals and the same stored memories (times included) as proposing one by one."""
    from personakit_plugin.owner.data import transfer

    graph = transfer.parse_memory_json(
        "".join(json.dumps(item) + "\n" for item in mixed_graph()).encode(), "memory.jsonl"
    )
    one_by_one = seeded_kit(make_kit, tmp_path / "one")
    monkeypatch.setattr(transfer, "BULK_AT", 10**9)
    expected = transfer.import_graph(one_by_one, graph)

    in_bulk = seeded_kit(make_kit, tmp_path / "bulk")
    monkeypatch.setattr(transfer, "BULK_AT", 1)
    monkeypatch.setattr(transfer, "BULK_CHUNK", 4)
    calls = bulk_only(monkeypatch)
    got = transfer.import_graph(in_bulk, graph)

    assert len(calls) == 5
    assert got == expected
    assert [r.reason for r in got.refused] == ["empty_text", "too_long", "credential_shape", "empty_quote"]
    assert in_bulk.store.dump() == one_by_one.store.dump()


def test_a_memory_json_import_goes_one_by_one_when_a_plugin_answers_proposals(make_kit, tmp_path, monkeypatch):
    """A plugin that implements personakit_propose sees every observation: the bulk path is not taken."""
    from personakit_plugin import hookimpl
    from personakit_plugin.owner.data import transfer
    from personakit_plugin.storage.sqlite import SqliteStore

    seen = []

    class Watching:
        @hookimpl(tryfirst=True)
        def personakit_propose(self, kit, text, quote, category):
            seen.append(text)

    monkeypatch.setattr(transfer, "BULK_AT", 1)
    monkeypatch.setattr(SqliteStore, "bulk_propose", lambda *args: pytest.fail("took the bulk path"))
    graph = transfer.parse_memory_json(
        "".join(json.dumps(item) + "\n" for item in mixed_graph()).encode(), "memory.jsonl"
    )
    done = transfer.import_graph(make_kit(Watching()), graph)
    assert len(seen) == len(graph.observations) == len(done.new) + len(done.known) + len(done.refused)


class WithoutBulk:
    """A store with every method of the one it wraps but `bulk_propose`, counting its proposals."""

    def __init__(self, store) -> None:
        self.store = store
        self.proposed = 0

    def propose(self, *args):
        self.proposed += 1
        return self.store.propose(*args)

    def __getattr__(self, name):
        if name == "bulk_propose":
            raise AttributeError(name)
        return getattr(self.store, name)


def test_a_large_memory_json_import_into_a_store_without_a_bulk_path_proposes_one_by_one(
    make_kit, tmp_path, monkeypatch
):
    """The bulk path is a capability (`ProposesInBulk`): a store without it gets every observation
    through `propose`, with the same answers and the same stored memories."""
    from personakit_plugin.core.store import ProposesInBulk
    from personakit_plugin.owner.data import transfer

    graph = transfer.parse_memory_json(
        "".join(json.dumps(item) + "\n" for item in mixed_graph()).encode(), "memory.jsonl"
    )
    monkeypatch.setattr(transfer, "BULK_AT", 1)
    in_bulk = seeded_kit(make_kit, tmp_path / "bulk")
    assert isinstance(in_bulk.store, ProposesInBulk)
    expected = transfer.import_graph(in_bulk, graph)

    one_by_one = seeded_kit(make_kit, tmp_path / "one")
    plain = one_by_one.store = WithoutBulk(one_by_one.store)
    assert not isinstance(plain, ProposesInBulk)
    got = transfer.import_graph(one_by_one, graph)

    assert got == expected
    assert plain.proposed == len(graph.observations) - len(got.refused)
    assert plain.dump() == in_bulk.store.dump()


@pytest.mark.slow
def test_a_100000_memory_import_from_memory_json_takes_the_bulk_path(pk, folder, tmp_path, monkeypatch):
    """Issue 15: a large import uses the store's fast bulk path (checked here by what is called, not by
    how long it takes), and every observation arrives as an unconfirmed memory."""

    count = 100_000
    observations = [f"Keeps notebook number {n} for project {n % 997}" for n in range(count)]
    path = tmp_path / "large.jsonl"
    path.write_text(
        json.dumps({"type": "entity", "name": "default_user", "entityType": "person", "observations": observations})
        + "\n",
        encoding="utf-8",
    )
    written = bulk_only(monkeypatch)

    out = pk("import", "--from", "memory-json", path).lines()

    assert sum(written) == count and len(written) < count / 1000
    assert re.match(r"Imported 100,?000 new memories as unconfirmed proposals, 0 already known", out[0]), out
    with opened(folder) as kit:
        memories = kit.store.memories()
    assert len(memories) == count
    assert {memory.state for memory in memories} == {"unconfirmed"}


# -- at the limit of quotes one memory keeps ----------------------------------------------------------


def test_an_import_keeps_at_most_quotes_kept_quotes_a_memory_and_says_how_many_it_left_out(pk, tmp_path):
    path = tmp_path / "many.jsonl"
    path.write_text(memory_line(quotes=[f"quote {n}" for n in range(QUOTES_KEPT + 5)]), encoding="utf-8")
    out = pk("import", path).lines()
    assert out[0].startswith("Imported 1 new memory, 0 already known")
    assert out[1:] == [f"5 quotes not kept: their memories already had {QUOTES_KEPT}, the most one memory keeps."]
    assert listed(pk)["m_0123456789ab"]["quotes"] == [f"quote {n}" for n in range(QUOTES_KEPT)]
    again = pk("import", path).lines()  # known now, with as many quotes as it keeps
    assert again[1:] == [f"5 quotes not kept: their memories already had {QUOTES_KEPT}, the most one memory keeps."]


@pytest.mark.parametrize("bulk", [False, True])
def test_a_memory_json_import_keeps_at_most_quotes_kept_quotes_a_memory(pk, tmp_path, monkeypatch, bulk):
    """Observations that are one memory (the same text but for case and end punctuation), more than it keeps."""
    if bulk:
        monkeypatch.setattr(transfer, "BULK_AT", 1)
    observations = ["Prefers tabs over spaces" + "!" * n for n in range(QUOTES_KEPT + 3)]
    write_graph(tmp_path / "memory.jsonl", [{"type": "entity", "name": "default_user", "observations": observations}])
    out = pk("import", "--from", "memory-json", tmp_path / "memory.jsonl").lines()
    assert f"3 quotes not kept: their memories already had {QUOTES_KEPT}, the most one memory keeps." in out
    (memory,) = listed(pk).values()
    assert memory["quotes"] == observations[:QUOTES_KEPT]


def test_a_proposal_hook_that_declares_its_check_keeps_the_bulk_path(make_kit, tmp_path, monkeypatch):
    """The bulk path opens on what the proposal hook in effect declares (`checks_in_bulk`), not on its
    name: a plugin's own hook that declares its check has every observation checked by it, in bulk."""
    from personakit_plugin import ProposeResult, checks_in_bulk, hookimpl
    from personakit_plugin.default_plugins import propose as default_propose

    def no_coffee(kit, text, quote):  # type: ignore[no-untyped-def]
        return "no_coffee" if "coffee" in text.casefold() else default_propose.checked(kit, text, quote)

    class NoCoffee:
        @hookimpl(tryfirst=True)
        @checks_in_bulk(no_coffee)
        def personakit_propose(self, kit, text, quote, category):  # type: ignore[no-untyped-def]
            found = no_coffee(kit, text, quote)
            if isinstance(found, str):
                return ProposeResult(stored=False, reason=found)
            return None  # the default stores it

    kit = make_kit(NoCoffee())
    calls = bulk_only(monkeypatch)
    graph = transfer.Graph(
        observations=[
            transfer.Observation(f"#{n}", f"Drinks coffee number {n}" if n % 2 else f"Drinks tea number {n}", "q")
            for n in range(transfer.BULK_AT)
        ],
        relations=0,
        other=0,
    )
    done = transfer.import_graph(kit, graph)
    assert calls  # the bulk path was taken
    assert {refused.reason for refused in done.refused} == {"no_coffee"}
    assert len(done.refused) == transfer.BULK_AT // 2 and len(done.new) == transfer.BULK_AT - transfer.BULK_AT // 2
