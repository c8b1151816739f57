"""The door to the hooks (`core.hooks.Hooks`) holds to the specs: one method per hook, taking the
hook's arguments, stopping at the first answer exactly when the spec says `firstresult`, in the
order pluggy keeps, and naming the plugin that fails."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path
from typing import Any

import pytest

import personakit_plugin
from personakit_plugin.core import hookspecs
from personakit_plugin.core.hooks import Hooks, PluginError
from personakit_plugin.core.model import ProposeResult, ReadResult
from personakit_plugin.core.plugins import make_plugin_manager
from personakit_plugin.core.reading import ReadRequest
from personakit_plugin.core.store import StoreError

PACKAGE = Path(personakit_plugin.__file__).parent
SPECS = sorted(
    (name for name, value in vars(hookspecs).items() if hasattr(value, "personakit_spec")),
)
ARGUMENTS: dict[str, Any] = {
    "kit": None,
    "question": "tea",
    "limit": 3,
    "text": "Drinks tea",
    "quote": "I drink tea",
    "category": None,
    "words": frozenset({"tea"}),
    "candidates": [],
    "config": None,
    "request": ReadRequest("tea", 3),
    "add": lambda name, handler, help: None,
}
"""A value for every hook argument: the fake plugins below never look at them."""
ANSWERS: dict[str, Any] = {
    "personakit_store": lambda who: f"the store of {who}",
    "personakit_read": lambda who: ReadResult(memories=[], withheld=0),
    "personakit_propose": lambda who: ProposeResult(stored=False, reason=who),
    "personakit_rank": lambda who: [],
    "personakit_retrieve": lambda who: [],
    "personakit_redact": lambda who: [],
    "personakit_refuse": lambda who: who,
    "personakit_commands": lambda who: None,
    "personakit_backends": lambda who: [],
    "personakit_close": lambda who: None,
}
"""For each hook, a valid answer that is not None, made for the plugin `who`."""


def spec_of(hook: str) -> Any:
    return getattr(hookspecs, hook)


def door(hook: str) -> Any:
    """The `Hooks` method for `hook`: its name without the `personakit_` prefix."""
    return getattr(Hooks, hook.removeprefix("personakit_"), None)


class Fake:
    """A plugin implementing one hook, answering `ANSWERS[hook]` (or raising), counting its calls."""

    def __init__(self, name: str, hook: str, *, fails: bool = False) -> None:
        self.__name__ = name
        self.calls = 0

        def implementation() -> Any:  # an implementation may take none of the hook's arguments
            self.calls += 1
            if fails:
                raise RuntimeError("the owner's words")
            return ANSWERS[hook](name)

        setattr(self, hook, hookspecs.hookimpl(implementation))


def ask(hooks: Hooks, hook: str) -> Any:
    method = getattr(hooks, hook.removeprefix("personakit_"))
    return method(**{arg: ARGUMENTS[arg] for arg in inspect.signature(method).parameters})


def test_there_is_one_method_for_every_hook_and_it_takes_the_hooks_arguments() -> None:
    assert set(SPECS) == set(ANSWERS)
    for hook in SPECS:
        method = door(hook)
        assert method is not None, f"Hooks has no method for {hook}"
        taken = list(inspect.signature(method).parameters)[1:]  # after self
        arguments = list(inspect.signature(spec_of(hook)).parameters)
        if "request" in arguments:  # a read hook's question, words and limit are its request's
            arguments = [arg for arg in arguments if arg not in ("question", "words", "limit")]
            assert set(taken) == set(arguments) | ({"question"} & set(taken)), hook
        else:
            assert taken == arguments, hook


@pytest.mark.parametrize("hook", SPECS)
def test_a_method_stops_at_the_first_answer_exactly_when_its_spec_says_firstresult(hook: str) -> None:
    first, second = Fake("first", hook), Fake("second", hook)
    hooks = Hooks(make_plugin_manager([first, second], entry_points=False))
    answer = ask(hooks, hook)
    firstresult = bool(getattr(hooks.pm.hook, hook).spec.opts.get("firstresult"))
    assert (first.calls, second.calls) == ((1, 0) if firstresult else (1, 1))
    assert hooks.order(spec_of(hook))[:2] == ["first", "second"]
    if hook in ("personakit_store", "personakit_propose", "personakit_refuse"):  # answers that say whose
        assert "first" in str(answer)


LOGGED_NOT_RAISED = {"personakit_close"}
"""The hooks whose failure is logged and passed over: a kit closes whatever a plugin does."""


@pytest.mark.parametrize("hook", SPECS)
def test_a_plugin_that_raises_in_any_hook_is_named_and_its_words_are_only_in_the_details(
    hook: str, caplog: pytest.LogCaptureFixture
) -> None:
    hooks = Hooks(make_plugin_manager([Fake("broken", hook, fails=True)], entry_points=False))
    if hook in LOGGED_NOT_RAISED:
        with caplog.at_level("WARNING", logger="personakit_plugin.hooks"):
            ask(hooks, hook)
        assert [record.getMessage() for record in caplog.records] == [
            "PersonaKit plugin 'broken' failed in personakit_close (RuntimeError)."
        ]
        return
    with pytest.raises(PluginError) as raised:
        ask(hooks, hook)
    error = raised.value
    assert (error.plugin, error.hook, error.error) == ("broken", hook, "RuntimeError")
    assert "the owner's words" not in str(error) and error.details == "the owner's words"


def test_every_refusal_plugin_is_asked_and_the_first_reason_is_reported() -> None:
    first, second = Fake("first", "personakit_refuse"), Fake("second", "personakit_refuse")
    hooks = Hooks(make_plugin_manager([first, second], entry_points=False))
    assert hooks.refuse("Drinks tea", "I drink tea") == "first"
    assert (first.calls, second.calls) == (1, 1)


def test_a_refusal_plugin_after_a_refusal_that_breaks_the_rule_still_fails_the_proposal() -> None:
    class Wrong:
        @hookspecs.hookimpl
        def personakit_refuse(self) -> object:
            return 42

    hooks = Hooks(make_plugin_manager([Fake("first", "personakit_refuse"), Wrong()], entry_points=False))
    with pytest.raises(PluginError, match=r"'Wrong' returned int from personakit_refuse"):
        hooks.refuse("Drinks tea", "I drink tea")


def _outside_the_door() -> list[Path]:
    return [path for path in PACKAGE.rglob("*.py") if path.relative_to(PACKAGE).as_posix() != "core/hooks.py"]


def _is_manager(node: ast.expr) -> bool:
    """Whether `node` is a plugin manager as the package names one: `pm`, or `something.pm`."""
    return (isinstance(node, ast.Name) and node.id == "pm") or (isinstance(node, ast.Attribute) and node.attr == "pm")


ENGINE = {"call_each", "call_one", "answer_first", "implementations"}


def test_nothing_but_the_door_calls_a_hook() -> None:
    """No module outside `core/hooks.py` reaches `pm.hook`, calls the engine or names a hook by a string
    it passes to a call: every call goes through a `Hooks` method."""
    found = []
    for path in _outside_the_door():
        where = path.relative_to(PACKAGE).as_posix()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr == "hook" and _is_manager(node.value):
                found.append(f"{where}:{node.lineno} reaches .hook")
            if isinstance(node, ast.Name) and node.id in ENGINE:
                found.append(f"{where}:{node.lineno} uses {node.id}")
            if isinstance(node, ast.Call):
                for arg in [*node.args, *(keyword.value for keyword in node.keywords)]:
                    if isinstance(arg, ast.Constant) and arg.value in SPECS:
                        found.append(f"{where}:{node.lineno} passes the hook name {arg.value!r}")
    assert found == []


def _backends(name: str, answer: Any) -> object:
    class Offers:
        @hookspecs.hookimpl
        def personakit_backends(self) -> Any:
            return answer

    plugin = Offers()
    plugin.__name__ = name  # type: ignore[attr-defined]
    return plugin


def test_a_backend_is_known_by_its_declaration_and_a_name_offered_twice_names_the_second_plugin() -> None:
    from personakit_plugin.core.store import Backend

    first = Backend("shared", lambda url, config: None, "FIRST_URL")
    hooks = Hooks(make_plugin_manager([_backends("first", [first])], entry_points=False))
    assert hooks.backends() == {"shared": ("first", first)}
    second = _backends("second", [Backend("shared", lambda url, config: None, "SECOND_URL")])
    hooks = Hooks(make_plugin_manager([_backends("first", [first]), second], entry_points=False))
    with pytest.raises(PluginError, match=r"'second' returned the backend 'shared', which plugin 'first' offers too"):
        hooks.backends()


@pytest.mark.parametrize(
    ("answer", "said"),
    [
        ("postgres", "something that is not a list of Backend"),
        (["postgres"], "an entry that is not a Backend"),
        ([("Post Gres", print, "X")], "an entry that is not a Backend"),
    ],
)
def test_a_backend_declaration_that_is_not_backends_is_named(answer: Any, said: str) -> None:
    hooks = Hooks(make_plugin_manager([_backends("odd", answer)], entry_points=False))
    with pytest.raises(PluginError, match=f"'odd' returned {said} from personakit_backends"):
        hooks.backends()


def test_a_backend_whose_name_is_not_well_formed_is_named() -> None:
    from personakit_plugin.core.store import Backend

    hooks = Hooks(make_plugin_manager([_backends("odd", [Backend("Post Gres", print, "X")])], entry_points=False))
    with pytest.raises(PluginError, match=r"'odd' returned the backend 'Post Gres' from personakit_backends, whose"):
        hooks.backends()


def test_a_kit_asks_every_plugin_to_close_before_its_store_closes_even_after_one_fails(tmp_path: Path) -> None:
    """`personakit_close` comes while the store is still open (a plugin may still write what it holds),
    every plugin is asked even when one before it raised, and the store is closed after."""
    from personakit_plugin import PersonaKit

    seen: list[tuple[str, str]] = []

    class Writes:
        __name__ = "writes"

        @hookspecs.hookimpl
        def personakit_close(self, kit: Any) -> None:
            seen.append(("writes", kit.store.get(stored).text))  # the store answers: it is still open

    broken = Fake("broken", "personakit_close", fails=True)
    kit = PersonaKit.open(tmp_path, plugins=[broken, Writes()], entry_points=True)
    assert kit.hooks.order(hookspecs.personakit_close)[:2] == ["broken", "writes"]  # the failing one first
    stored = kit.propose("Drinks tea", "I drink tea every morning", "preferences").id
    kit.close()
    assert seen == [("writes", "Drinks tea")]
    with pytest.raises(StoreError):  # closed: nothing more is asked of it
        kit.store.get(stored)
