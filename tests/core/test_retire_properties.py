"""Properties of retired memories (rule M7) over random sequences of propose, approve, replace, undo,
reject and an export imported into a new store, checked against a model of the owner's decisions.

Whatever happened, no read returns a retired memory (nor a rejected or restricted one); the memories a
read matches are exactly the model's readable ones that share a word with the question, and the fill is
approved memories only; and after a replacement that stands, every question made of the old memory's
own words reads the new memory and never the old one.
"""

from __future__ import annotations

import tempfile
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from personakit_plugin.core.kit import PersonaKit
from personakit_plugin.core.store import StoreError
from personakit_plugin.core.words import content_words

TOPICS = ["porto", "editor", "steak", "employer", "cycling"]
TEXTS = [f"{topic} {kind} {tag}" for topic in TOPICS for kind, tag in (("was", "kqold"), ("now", "kqnew"))]
"""Two memories a topic, an old fact and a new one that share only the topic's word (and each a tag)."""
READABLE = ("approved", "unconfirmed")

operations = st.one_of(
    st.tuples(st.just("propose"), st.integers(0, len(TEXTS) - 1)),
    st.tuples(st.just("approve"), st.integers(0, 40)),
    st.tuples(st.just("replace"), st.integers(0, 40), st.integers(0, 40)),
    st.tuples(st.just("replace"), st.integers(0, 40), st.integers(0, 40)),
    st.tuples(st.just("undo")),
    st.tuples(st.just("reject"), st.integers(0, 40)),
    st.tuples(st.just("restrict"), st.integers(0, 40)),
    st.tuples(st.just("import")),
    st.tuples(st.just("read"), st.lists(st.sampled_from([*TOPICS, "was", "now", "kqold", "anything"]), max_size=4)),
)


@dataclass
class Model:
    id: str
    text: str
    state: str = "unconfirmed"
    replaced_by: str | None = None


@dataclass
class Done:
    """One recorded decision, as undo sees it: the memory and what it was before."""

    memory: str
    before: str
    replaced_by: str | None
    action: str


def check_read(kit: PersonaKit, models: dict[str, Model], question: str) -> list[str]:
    ids = [memory.id for memory in kit.read(question, 20).memories]
    asked = content_words(question)
    matching = {m.id for m in models.values() if m.state in READABLE and asked & content_words(m.text)}
    assert matching <= set(ids), (question, ids, models)
    filled = set(ids) - matching
    assert all(models[memory].state == "approved" for memory in filled), (question, ids, models)
    assert all(models[memory].state in READABLE for memory in ids), (question, ids, models)
    approved = {m.id for m in models.values() if m.state == "approved"}
    assert len(filled) == min(max(0, 3 - len(matching)), len(approved - matching))
    return ids


def check_replacements(kit: PersonaKit, models: dict[str, Model]) -> None:
    for old in models.values():
        if old.state == "retired" and old.replaced_by and models[old.replaced_by].state in READABLE:
            ids = check_read(kit, models, old.text)
            assert old.replaced_by in ids and old.id not in ids, (old, ids)


def moved(kit: PersonaKit, into: Path) -> PersonaKit:
    """The kit's memory exported and imported into a new store (a fresh folder): the kit on that one."""
    dumped = kit.store.dump()
    kit.close()
    other = PersonaKit.open(into, environ={"PERSONAKIT_PLUGINS": ""})
    other.store.restore(dumped)
    # The same memories, whatever order the dump lists them in (a rejected one keeps no time to order by).
    assert sorted(other.store.dump(), key=lambda memory: memory.id) == sorted(dumped, key=lambda memory: memory.id)
    return other


@settings(database=None, deadline=None, max_examples=40, suppress_health_check=[HealthCheck.too_slow])
@given(script=st.lists(operations, min_size=5, max_size=35))
def test_a_retired_memory_is_never_read_and_its_replacement_always_is(script: list[tuple]) -> None:
    with tempfile.TemporaryDirectory() as root:
        kit = PersonaKit.open(Path(root) / "0", environ={"PERSONAKIT_PLUGINS": ""})
        models: dict[str, Model] = {}
        done: list[Done] = []
        moves = 0
        try:
            for step in script:
                picked = list(models.values())
                if step[0] == "propose":
                    answer = kit.propose(TEXTS[step[1]], f"said {step[1]}", "other")
                    assert answer.id is not None
                    models.setdefault(answer.id, Model(answer.id, TEXTS[step[1]]))
                    assert answer.state == models[answer.id].state
                elif step[0] in ("approve", "reject", "restrict") and picked:
                    model = picked[step[1] % len(picked)]
                    after = {"approve": "approved", "reject": "rejected", "restrict": "restricted"}[step[0]]
                    if model.state == "rejected" and step[0] != "reject":
                        with pytest.raises(StoreError):
                            kit.store.decide(model.id, step[0], kit.now())
                        continue
                    kit.store.decide(model.id, step[0], kit.now())
                    if model.state != after:
                        done.append(Done(model.id, model.state, model.replaced_by, step[0]))
                        model.state, model.replaced_by = after, (None if after != "retired" else model.replaced_by)
                elif step[0] == "replace" and picked:
                    old, new = picked[step[1] % len(picked)], picked[step[2] % len(picked)]
                    settled = ("rejected", "retired")
                    if old.id == new.id or old.state in settled or new.state in settled:
                        with pytest.raises(StoreError):
                            kit.store.replace(old.id, new.id, kit.now())  # type: ignore[attr-defined]
                        continue
                    kit.store.replace(old.id, new.id, kit.now())  # type: ignore[attr-defined]
                    if new.state != "approved":
                        done.append(Done(new.id, new.state, new.replaced_by, "approve"))
                        new.state = "approved"
                    done.append(Done(old.id, old.state, old.replaced_by, "retire"))
                    old.state, old.replaced_by = "retired", new.id
                elif step[0] == "undo":
                    if done and done[-1].action == "reject":
                        with pytest.raises(StoreError):
                            kit.store.undo(kit.now())
                        continue
                    undone = kit.store.undo(kit.now())
                    assert (undone is None) == (not done)
                    if done:
                        last = done.pop()
                        assert undone is not None and undone.memory_id == last.memory
                        models[last.memory].state = last.before
                        models[last.memory].replaced_by = None if last.action == "retire" else last.replaced_by
                elif step[0] == "import":
                    moves += 1
                    kit = moved(kit, Path(root) / str(moves))
                elif step[0] == "read":
                    check_read(kit, models, " ".join(step[1]) + "?")
                for model in models.values():
                    if model.state == "retired":
                        assert model.id not in check_read(kit, models, model.text)
                check_replacements(kit, models)
            assert kit.store.states(list(models)) == {m.id: m.state for m in models.values()}
        finally:
            kit.close()
