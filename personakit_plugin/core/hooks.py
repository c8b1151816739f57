"""The one door to the hooks: `Hooks`, a method for each hook in `hookspecs`, doing what its spec says.

Nothing else in PersonaKit calls a hook. Each method asks the implementations in the order pluggy
keeps (the last registered first, `tryfirst` and `trylast` as marked), and does what the hook's
spec says: a first-result hook (`firstresult=True`) stops at the first answer that is not None;
any other hook asks every implementation. What each returns is checked here against what its spec
allows, and every failure is a `PluginError` naming the plugin and the hook.

pluggy would call the implementations itself (`pm.hook.personakit_read(...)`), but an exception it
re-raises does not say which plugin raised it, and a wrong answer cannot be told from the others. So
the implementations are called one at a time, here only (`call_each`), with pluggy's own list of
them (`get_hookimpls`); `tests/core/test_hooks.py` holds each method to its spec's `firstresult`.
"""

from __future__ import annotations

import logging
import math
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, cast

import pluggy

from personakit_plugin.core import hookspecs
from personakit_plugin.core.model import ProposeResult, ReadResult, Scored
from personakit_plugin.core.ranking import STORE_ORDER
from personakit_plugin.core.reading import WEIGHS_WORDS, ReadRequest
from personakit_plugin.core.redaction import MASK_RULE, Mask, mask_problem
from personakit_plugin.core.store import Backend, StoreError

log = logging.getLogger("personakit_plugin.hooks")

if TYPE_CHECKING:
    import argparse

    from personakit_plugin.core.hookspecs import Add, Handler, Kit
    from personakit_plugin.core.model import Candidate
    from personakit_plugin.core.store import Config, Store


class PluginError(Exception):
    """A plugin could not be loaded or misbehaved.

    The message is one sentence that names the plugin, the hook and what went wrong (the type of the
    exception it raised, or the rule what it returned broke), and never holds what the plugin was
    given or returned, nor an exception's text: it goes to the server's log, and a plugin's message
    can quote the owner (`cannot redact 'ask <@U024BE7LH> about PRJ-1234'`). That goes in `details`,
    shown on the owner's terminal and written to the log only when the owner asks for it
    (`PERSONAKIT_LOG_DETAILS`)."""

    def __init__(
        self,
        message: str,
        *,
        plugin: str | None = None,
        hook: str | None = None,
        error: str | None = None,
        details: str | None = None,
    ) -> None:
        super().__init__(message)
        self.plugin = plugin
        self.hook = hook
        self.error = error
        """The name of the type of the exception the plugin raised, when it raised one."""
        self.details = details
        """What may hold the owner's words: the exception's text, or what the plugin returned."""

    @classmethod
    def raised(cls, plugin: str, hook: str, exc: BaseException) -> PluginError:
        """The error for `exc`, raised by `plugin` in `hook` (or while PersonaKit loads it)."""
        kind = type(exc).__name__
        where = f"failed in {hook}" if hook.startswith("personakit_") else f"failed to {hook}"
        return cls(
            f"PersonaKit plugin {plugin!r} {where} ({kind}).",
            plugin=plugin,
            hook=hook,
            error=kind,
            details=str(exc),
        )

    @classmethod
    def returned(cls, plugin: str, hook: str, what: str, value: object, rule: str = "") -> PluginError:
        """The error for `plugin` returning `what` (a description, never the value) from `hook`; the
        value itself only in the details."""
        return cls(
            f"PersonaKit plugin {plugin!r} returned {what} from {hook}{rule}.",
            plugin=plugin,
            hook=hook,
            details=f"it returned {shown_value(value)}",
        )

    def described(self, *, details: bool) -> str:
        """The message, and with `details` what it leaves out, in one sentence: `... failed in
        personakit_redact (RuntimeError: its text).`"""
        message = str(self)
        if not details or not self.details:
            return message
        said = self.details.rstrip(".")
        if self.error is not None and message.endswith(f"({self.error})."):
            return f"{message[: -len(self.error) - 2]}{self.error}: {said})."
        return f"{message.rstrip('.')}; {said}."


DETAILS_MAX = 2000
"""The most characters of a returned value a `PluginError`'s details keep."""


def shown_value(value: object) -> str:
    """`repr(value)` for an error's details, at most `DETAILS_MAX` characters; a repr that raises (it
    is the plugin's code) is said as such."""
    try:
        said = repr(value)
    except Exception as exc:
        return f"a {type(value).__name__} whose repr raised {type(exc).__name__}"
    return said if len(said) <= DETAILS_MAX else said[:DETAILS_MAX] + "…"


# -- the engine: the implementations of one hook, one at a time --------------------------------


def implementations(pm: pluggy.PluginManager, hook: str) -> Iterator[tuple[str, Any, tuple[str, ...]]]:
    """(plugin name, function, argument names) for each implementation of `hook`, in the order they are called."""
    for impl in reversed(getattr(pm.hook, hook).get_hookimpls()):
        yield impl.plugin_name, impl.function, impl.argnames


def call_each(pm: pluggy.PluginManager, hook: str, **kwargs: Any) -> Iterator[tuple[str, Any]]:
    """Call each implementation of `hook` in turn, yielding (plugin name, result).

    An exception is re-raised as `PluginError` naming the plugin, the hook and the exception's type,
    its text only in the error's `details`. A result that is an iterable is the plugin's to run:
    `materialised` runs it under the same rule."""
    for name, function, argnames in implementations(pm, hook):
        yield name, call_one(name, hook, function, argnames, kwargs)


def call_one(name: str, hook: str, function: Callable[..., Any], argnames: Sequence[str], given: dict[str, Any]) -> Any:
    """One implementation's result, given the arguments it takes; what it raises as `call_each` says."""
    try:
        return function(**{arg: given[arg] for arg in argnames})
    except (PluginError, StoreError):
        raise
    except Exception as exc:
        raise PluginError.raised(name, hook, exc) from exc


def answer_first(
    pm: pluggy.PluginManager, hook: str, expected: type | tuple[type, ...], **kwargs: Any
) -> tuple[str, Any]:
    """The first result of `hook` that is not None, checked to be `expected`, and the plugin that gave it."""
    for name, result in call_each(pm, hook, **kwargs):
        if result is None:
            continue
        if not isinstance(result, expected):
            raise PluginError(
                f"PersonaKit plugin {name!r} returned {type(result).__name__} from {hook}, "
                f"which must return {_type_names(expected)}.",
                plugin=name,
                hook=hook,
            )
        return name, result
    raise PluginError(f"No PersonaKit plugin answered {hook}; is the default plugin installed?")


def _type_names(expected: type | tuple[type, ...]) -> str:
    kinds = expected if isinstance(expected, tuple) else (expected,)
    return " or ".join(kind.__name__ for kind in kinds)


def materialised(name: str, hook: str, answer: Iterable[Any]) -> list[Any]:
    """`list(answer)`: a generator a plugin returned runs here, and what it raises names the plugin."""
    try:
        return list(answer)
    except (PluginError, StoreError):
        raise
    except Exception as exc:
        raise PluginError.raised(name, hook, exc) from exc


# -- the door --------------------------------------------------------------------------------


Spec = Callable[..., Any]
"""A hook, as its spec function in `hookspecs` (`hookspecs.personakit_rank`): how a caller names one."""

STORE = hookspecs.personakit_store.__name__
READ = hookspecs.personakit_read.__name__
PROPOSE = hookspecs.personakit_propose.__name__
RANK = hookspecs.personakit_rank.__name__
RETRIEVE = hookspecs.personakit_retrieve.__name__
REDACT = hookspecs.personakit_redact.__name__
REFUSE = hookspecs.personakit_refuse.__name__
COMMANDS = hookspecs.personakit_commands.__name__
BACKENDS = hookspecs.personakit_backends.__name__
CLOSE = hookspecs.personakit_close.__name__
BACKEND_NAME = re.compile(r"[a-z][a-z0-9]{0,39}")
"""What a backend's name may be: lowercase letters and digits, beginning with a letter, at most 40."""
BUILT_IN = "personakit_plugin."
"""How the name of a plugin of PersonaKit's own begins: a module of this package given in code, such as
the built-in command modules (`owner/plugin_commands.py`)."""
COMMAND_NAME = re.compile(r"[a-z][a-z0-9-]{0,39}")
"""What a command's name may be: lowercase letters, digits and hyphens, beginning with a letter, at most 40."""


class Hooks:
    """The hooks of a plugin manager, one method each, as their specs in `hookspecs` say."""

    def __init__(self, pm: pluggy.PluginManager) -> None:
        self.pm = pm

    def store(self, config: Config) -> Store:
        """`personakit_store`, first result: the store the first plugin to answer opens."""
        return cast("Store", answer_first(self.pm, STORE, object, config=config)[1])

    def read(self, kit: Kit, request: ReadRequest) -> tuple[str, ReadResult]:
        """`personakit_read`, first result: the plugin that answered (the kit's boundary check names it)
        and its `ReadResult`."""
        question, limit = request.question, request.limit
        name, result = answer_first(self.pm, READ, ReadResult, kit=kit, question=question, limit=limit, request=request)
        return name, cast(ReadResult, result)

    def propose(self, kit: Kit, text: str, quote: str, category: str | None) -> ProposeResult:
        """`personakit_propose`, first result: the first `ProposeResult`."""
        found = answer_first(self.pm, PROPOSE, ProposeResult, kit=kit, text=text, quote=quote, category=category)
        return cast(ProposeResult, found[1])

    def rank(self, request: ReadRequest, question: str, candidates: Sequence[Candidate]) -> list[Candidate]:
        """`personakit_rank`, first result: the candidates the first ranker returns, in its order, each
        at most once; anything it returns that was not among `candidates` is dropped."""
        words = request.words_of(question)
        given = {"question": question, "words": words, "candidates": list(candidates), "request": request}
        ranked = answer_first(self.pm, RANK, list, **given)[1]
        offered = {candidate.memory.id: candidate for candidate in candidates}
        chosen: list[Candidate] = []
        for candidate in ranked:
            memory_id = getattr(getattr(candidate, "memory", None), "id", None)
            if memory_id in offered:
                chosen.append(offered.pop(memory_id))
        return chosen

    def retrieve(self, kit: Kit, request: ReadRequest) -> list[list[Scored]] | None:
        """`personakit_retrieve`, every implementation: each answer that is not None, checked and put
        in score order (`_scored`); None when none answered. A read's `request` notes whether one that
        answered weighs the question's words itself (`reading.weighs_words`)."""
        question, words, limit = request.question, request.words, request.limit
        given = {"kit": kit, "question": question, "words": words, "limit": limit, "request": request}
        found = []
        for name, function, argnames in implementations(self.pm, RETRIEVE):
            answer = call_one(name, RETRIEVE, function, argnames, given)
            if answer is not None:
                found.append(_scored(name, answer, limit))
                if getattr(function, WEIGHS_WORDS, False) is True:
                    request.remember_words_weighed()
        return found or None

    def redact(self, text: str) -> list[Mask]:
        """`personakit_redact`, every implementation, each on the original `text`: all the masks, each
        checked to keep `redaction.MASK_RULE` for `text`."""
        found: list[Mask] = []
        for name, masks in call_each(self.pm, REDACT, text=text):
            if masks is not None:
                found.extend(_mask(name, mask, text) for mask in materialised(name, REDACT, masks))
        return found

    def refuse(self, text: str, quote: str) -> str | None:
        """`personakit_refuse`, every implementation: the first reason given in call order, or None.
        Each answer is checked to be a non-empty str or None, the ones after a refusal too."""
        reasons = []
        for name, reason in call_each(self.pm, REFUSE, text=text, quote=quote):
            if reason is not None and (not isinstance(reason, str) or not reason):
                what = "an empty str" if reason == "" else type(reason).__name__
                raise PluginError.returned(name, REFUSE, what, reason, ", which must return a reason or None")
            reasons.append(reason)
        return next((reason for reason in reasons if reason is not None), None)

    def close(self, kit: Kit) -> None:
        """`personakit_close`, every implementation: one that raises is logged as the `PluginError` that
        names it, and the next is called all the same (the kit closes its store after this)."""
        for name, function, argnames in implementations(self.pm, CLOSE):
            try:
                call_one(name, CLOSE, function, argnames, {"kit": kit})
            except (PluginError, StoreError) as exc:
                log.warning("%s", exc)

    def commands(self, add: Add) -> dict[str, str]:
        """`personakit_commands`, every implementation, each handed its own `add` that passes a well-formed
        command on to `add`: the name of every command added, in the order added, with the plugin that
        added it. A name already added, or one that is not `COMMAND_NAME`, a handler that cannot be called
        or a help that is not text, is a PluginError naming the plugin."""
        added: dict[str, str] = {}

        def adder(plugin: str) -> Add:
            def add_one(name: str, handler: Handler, help: str) -> argparse.ArgumentParser:
                _check_command(plugin, added, name, handler, help)
                parser = add(name, handler, help)
                added[name] = plugin
                return parser

            return add_one

        for name, function, argnames in implementations(self.pm, COMMANDS):
            call_one(name, COMMANDS, function, argnames, {"add": adder(name)})
        return added

    def backends(self) -> dict[str, tuple[str, Backend]]:
        """`personakit_backends`, every implementation: each backend offered, by name, with the plugin that
        offers it. An answer that is not `Backend`s with a well-formed name, or a name offered twice, is
        a PluginError naming the plugin."""
        found: dict[str, tuple[str, Backend]] = {}
        for plugin, answer in call_each(self.pm, BACKENDS):
            if answer is None:
                continue
            if isinstance(answer, (str, bytes, Backend)) or not isinstance(answer, Iterable):
                raise PluginError.returned(plugin, BACKENDS, "something that is not a list of Backend", answer)
            for backend in materialised(plugin, BACKENDS, answer):
                if not isinstance(backend, Backend) or not isinstance(backend.name, str):
                    raise PluginError.returned(plugin, BACKENDS, "an entry that is not a Backend", backend)
                if not BACKEND_NAME.fullmatch(backend.name) or not callable(backend.open):
                    rule = ", whose name must be lowercase letters and digits and whose open a function"
                    raise PluginError.returned(plugin, BACKENDS, f"the backend {backend.name!r}", backend, rule)
                if backend.name in found:
                    what = f"the backend {backend.name!r}, which plugin {found[backend.name][0]!r} offers too,"
                    raise PluginError.returned(plugin, BACKENDS, what, backend)
                found[backend.name] = (plugin, backend)
        return found

    # -- who answers ---------------------------------------------------------------------------

    def bulk_check(self) -> Callable[..., tuple[str, str] | str] | None:
        """The check the `personakit_propose` hook in effect (the first asked) declared it stores by
        (`hookspecs.checks_in_bulk`), or None when it declared none."""
        first = next(implementations(self.pm, PROPOSE), None)
        check = None if first is None else getattr(first[1], hookspecs.BULK_CHECK, None)
        return check if callable(check) else None

    def ranks_as_store(self) -> bool:
        """Whether the ranking hook in effect (the first `personakit_rank` asked) declares that it orders
        word matches as a store that `RanksInStore` does (`ranking.in_store_order`)."""
        first = next(implementations(self.pm, RANK), None)
        return first is not None and getattr(first[1], STORE_ORDER, False) is True

    def order(self, spec: Spec) -> list[str]:
        """The plugins that implement the hook `spec`, in the order they are asked."""
        return [name for name, *_ in implementations(self.pm, spec.__name__)]

    def orders(self) -> dict[str, list[str]]:
        """Each first-result hook's name, with its plugins in the order they are asked."""
        return {
            name: self.order(getattr(hookspecs, name))
            for name, caller in sorted(vars(self.pm.hook).items())
            if caller.spec is not None and caller.spec.opts.get("firstresult")
        }

    def own(self, plugin: object, spec: Spec) -> Callable[..., Any]:
        """The implementation of the hook `spec` by `plugin` alone, called with the hook's keyword
        arguments (those it takes), its answer unchecked: for the contract suites, which hold one
        plugin's answers to the rules."""
        name = self.pm.get_name(plugin)
        for plugin_name, function, argnames in implementations(self.pm, spec.__name__):
            if plugin_name == name:
                return lambda **given: function(**{arg: given[arg] for arg in argnames})
        raise LookupError(f"plugin {name!r} implements no {spec.__name__}")


def _scored(name: str, answer: object, limit: int) -> list[Scored]:
    """A retriever's answer as a list of Scored, best first (a stable sort by score); a PluginError
    naming the plugin when it is not a sequence of `Scored(id, score)` with a text id and a finite
    score, names an id twice, or holds more than `limit` entries."""
    if isinstance(answer, (str, bytes)) or not isinstance(answer, Iterable):
        raise PluginError.returned(name, RETRIEVE, "something that is not a list of Scored", answer)
    listed = materialised(name, RETRIEVE, answer)
    for item in listed:
        if type(item) is not Scored or type(item.id) is not str or not _is_score(item.score):
            what = "an entry that is not Scored(id, score) with a text id and a finite score"
            raise PluginError.returned(name, RETRIEVE, what, item)
    if len({item.id for item in listed}) != len(listed):
        raise PluginError.returned(name, RETRIEVE, "the same memory twice", listed)
    if len(listed) > limit:
        raise PluginError.returned(name, RETRIEVE, f"{len(listed)} memories, more than the limit of {limit},", listed)
    return sorted(listed, key=lambda item: -float(item.score))


def _check_command(plugin: str, added: dict[str, str], name: object, handler: object, help: object) -> None:
    """A PluginError naming `plugin` when the command it adds is malformed or already added."""
    if not isinstance(name, str) or not COMMAND_NAME.fullmatch(name):
        what = f"the command {shown_value(name)}"
        rule = ", whose name must be lowercase letters, digits and hyphens, beginning with a letter, at most 40"
        raise PluginError(f"PersonaKit plugin {plugin!r} adds {what}{rule}.", plugin=plugin, hook=COMMANDS)
    if name in added:
        other = "a built-in command" if added[name].startswith(BUILT_IN) else f"plugin {added[name]!r}"
        raise PluginError(
            f"PersonaKit plugin {plugin!r} adds the command {name!r}, which {other} already adds.",
            plugin=plugin,
            hook=COMMANDS,
        )
    if not callable(handler) or not isinstance(help, str):
        what = "a handler that cannot be called" if not callable(handler) else "a help that is not text"
        raise PluginError(
            f"PersonaKit plugin {plugin!r} adds the command {name!r} with {what}.", plugin=plugin, hook=COMMANDS
        )


def _is_score(value: object) -> bool:
    return type(value) in (float, int) and math.isfinite(value)  # type: ignore[arg-type]


def _mask(name: str, mask: Any, text: str) -> Mask:
    """`mask` as a Mask, if it keeps the rule of `redaction.mask_problem` for `text`; else a PluginError
    naming the plugin and the rule broken, with the mask itself only in its details."""
    try:
        start, end, label = mask  # once: a mask may be an iterator
        parts: tuple[Any, Any, Any] | None = (start, end, label)
    except Exception:
        parts = None
    problem = mask_problem(parts, text)
    if problem is not None or parts is None:
        raise PluginError(
            f"PersonaKit plugin {name!r} returned {problem} from {REDACT}; a mask must be {MASK_RULE}.",
            plugin=name,
            hook=REDACT,
            details=f"the mask: {shown_value(mask)}",
        )
    return Mask(*parts)
