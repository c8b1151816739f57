"""How the commands show a memory and the owner's decisions: a memory as JSON (`list --json`, `show
--json`), and the table of decisions (`show`, `history`), which says what each edit did to the text."""

from __future__ import annotations

from collections.abc import Sequence

from personakit_plugin.core.model import Decision, Memory, Retirement
from personakit_plugin.core.store import Store
from personakit_plugin.owner.console import table
from personakit_plugin.owner.display import when


def memory_json(memory: Memory, retired: Retirement | None = None) -> dict[str, object]:
    """A memory as JSON, with its dates: proposed (`created`), last approved (`approved_at`, null if never),
    and, from its `retired` row, when it retired and what replaced it, or the date it retires on."""
    done = retired is not None and retired.done and memory.state == "retired"
    ahead = retired is not None and not retired.done and memory.state not in ("rejected", "retired")
    return {
        "id": memory.id,
        "text": memory.text if memory.state != "rejected" else None,
        "category": memory.category if memory.state != "rejected" else None,
        "state": memory.state,
        "quotes": list(memory.quotes),
        "pending": list(memory.pending),
        "created": memory.created,
        "touched": memory.touched,
        "approved_at": memory.approved_at or None,
        "retired_at": retired.at if done and retired is not None else None,
        "replaced_by": retired.replaced_by if (done or ahead) and retired is not None else None,
        "retires_on": retired.at if ahead and retired is not None else None,
    }


def _decision_line(decision: Decision, text: str | None = None) -> list[str]:
    """One row of a decisions table; `text`, for an edit, what it did to the memory's text (`_edit_texts`)."""
    change = f"{decision.before} -> {decision.after}"
    before, after = decision.category_before, decision.category_after
    if before is not None and after is not None and before != after:  # an old decision may not know them
        change += f", category {before} -> {after}"
    if text:
        change += f", {text}"
    action = f"{decision.action} (undone)" if decision.undone else decision.action
    return [str(decision.seq), when(decision.at), decision.memory_id, action, change]


def _edit_texts(store: Store, decisions: Sequence[Decision]) -> dict[int, str]:
    """What each edit among `decisions` did to the text, and each undo of one, as far as the store still
    knows it, by decision number.

    The history holds no text; the store keeps the text each such decision replaced (`previous_text` in its
    dump: an edit's, and an undo's that put an edit's text back) until a reject erases them. So the text a
    decision put in place is the one the next of them replaced, or the memory's text now: an edit says the
    text before and after it, undone or not, and its undo the text it brought back. An edit that changed
    only the category says nothing here (nor does one undone before its text was kept); the edits of a
    rejected memory say their text went with it. Reads the whole dump, so only when an edit is shown."""
    wanted = {d.memory_id for d in decisions if d.action == "edit"}
    if not wanted:
        return {}
    said: dict[int, str] = {}
    for memory in store.dump():
        if memory.id not in wanted:
            continue
        if memory.state == "rejected":
            erased = (d.seq for d in memory.history if d.action == "edit")
            said.update(dict.fromkeys(erased, "text erased by the reject"))
            continue
        changed = [d for d in memory.history if d.previous_text is not None]
        # Each one's new text is what the next one replaced; the last one's is the text now.
        for this, now in zip(changed, [*(d.previous_text for d in changed[1:]), memory.text], strict=False):
            if this.action == "undo":
                said[this.seq] = f"text back to “{now or ''}”"
            else:
                said[this.seq] = f"text changed from “{this.previous_text}” to “{now or ''}”"
    return said


def decisions_table(store: Store, decisions: Sequence[Decision]) -> str:
    texts = _edit_texts(store, decisions)
    return table([_decision_line(d, texts.get(d.seq)) for d in decisions], ["#", "WHEN", "ID", "DECISION", "CHANGE"])
