"""A running PersonaKit: the plugins and the store, and the checks on everything that leaves.

The two tools go through `PersonaKit.read` and `PersonaKit.propose`. Whatever the plugins do, a read
that leaves here is checked against the store by the boundary (`core.boundary`): a plugin that breaks
a rule makes the read fail, never leak; so does a redaction hook whose mask is not a span inside the
text. The read itself is the default plugin's (`default_plugins/read.py`), through the helpers below.

A kit may have a view (`View`, from `personakit serve --categories ... --approved-only`): the memories
outside it do not exist for this connection. The store is asked within the view, the boundary refuses a
read that returns a memory outside it, and a proposal whose memory lies outside it is answered as a
store without that memory would answer: under `--categories` the store gives it a memory of its own in
the view; under `--approved-only` the kit answers from what this connection proposed itself.
"""

from __future__ import annotations

import hashlib
import os
import time
from collections import OrderedDict
from collections.abc import Iterable, Mapping
from contextlib import nullcontext
from pathlib import Path
from typing import TYPE_CHECKING, cast

from personakit_plugin.core import hookspecs
from personakit_plugin.core.boundary import read_problem
from personakit_plugin.core.hooks import Hooks, PluginError
from personakit_plugin.core.hookspecs import Kit
from personakit_plugin.core.masking import Masking
from personakit_plugin.core.model import (
    CLIENT_NAME_MAX,
    EVERYTHING,
    PROPOSALS_KEPT,
    WAITING_PER_CONNECTION,
    Connection,
    Memory,
    ProposeResult,
    ReadResult,
    View,
    question_problem,
)
from personakit_plugin.core.plugins import PluginManager, make_plugin_manager
from personakit_plugin.core.read_helpers import ForReads
from personakit_plugin.core.reading import ReadRequest
from personakit_plugin.core.redaction import Mask
from personakit_plugin.core.retrieving import ForRetrievers
from personakit_plugin.core.store import (
    Config,
    Follows,
    IndexesAsShown,
    KeepsDerived,
    KnowsProposers,
    RanksInStore,
    Retires,
    Snapshots,
    Store,
)
from personakit_plugin.core.words import normalise


class ReadRefused(PluginError):
    """A read would have broken one of the owner's rules; nothing was returned.

    The message names the plugin that answered and the rule, never the content it returned."""


class PersonaKit(ForReads, ForRetrievers):
    def __init__(self, pm: PluginManager, config: Config, view: View = EVERYTHING) -> None:
        self.pm = pm
        self.hooks = Hooks(pm)
        """The one door to the hooks: every hook this kit calls, it calls through a method of this."""
        self.config = config
        self.view = view
        self.store: Store = self.hooks.store(config)
        # What the store can do is looked up once: a protocol check costs more than a small read.
        self._snapshots = isinstance(self.store, Snapshots)
        self._ranks = isinstance(self.store, RanksInStore)
        self._follows = isinstance(self.store, Follows)
        self._keeps_derived = isinstance(self.store, KeepsDerived)
        self._retires = isinstance(self.store, Retires)
        self.masking = Masking(self.hooks)
        """How this kit masks what a read shows (`core.masking`)."""
        # The texts this connection proposed, as hashes keyed for this process only (`_within_view`).
        self._proposed: OrderedDict[bytes, None] = OrderedDict()
        self._proposed_key = os.urandom(16)
        self._knows_proposers = isinstance(self.store, KnowsProposers)
        self._connections: dict[tuple[str, str], Connection] = {}
        self.most_waiting = WAITING_PER_CONNECTION
        """The most new memories one connection of this kit may leave waiting for the owner."""
        self.redaction = self._redaction()
        """The name of this kit's masking: its redaction plugins, in the order they are asked, at their
        versions. A retriever's cursor carries it (`changes`), and the store's word index is built with
        it (`IndexesAsShown`): another masking makes both index again what a read shows."""
        if isinstance(self.store, IndexesAsShown) and not config.look_only:
            self.store.index_as_shown(self.masking.indexed, self.redaction)

    @classmethod
    def open(
        cls,
        data_dir: Path | str,
        *,
        plugins: Iterable[object] = (),
        environ: Mapping[str, str] | None = None,
        entry_points: bool = True,
        create: bool = True,
        view: View = EVERYTHING,
    ) -> PersonaKit:
        """Load the plugins and open the store in `data_dir` (see `Config.create` for `create`), for a
        connection that sees `view`."""
        import os

        env = dict(os.environ if environ is None else environ)
        pm = make_plugin_manager(plugins, environ=env, entry_points=entry_points)
        return cls(pm, Config(data_dir=Path(data_dir), environ=env, create=create), view)

    def close(self) -> None:
        """Close the store, once each plugin has finished or given up its background work for this kit
        (`personakit_close`)."""
        try:
            self.hooks.close(self)
        finally:
            self.store.close()

    def _redaction(self) -> str:
        versions = self.pm.versions
        named = ",".join(f"{name}=={versions.get(name, '')}" for name in self.hooks.order(hookspecs.personakit_redact))
        return hashlib.blake2b(named.encode("utf-8"), digest_size=8).hexdigest()

    # -- the two tools ----------------------------------------------------------------------

    def read(self, question: str, limit: int) -> ReadResult:
        """`personakit_read` on checked arguments: a question too long, once normalised, is a ValueError
        (the tool says so first, as a tool error: `model.question_problem`)."""
        too_long = question_problem(question)
        if too_long:
            raise ValueError(too_long)
        # One read transaction for the hook and the boundary check (when the store offers it); the
        # read's own state (its words, what the store gave for it) travels with its `ReadRequest`.
        answered = self._read_once(question, limit, look_for_due=True)
        if answered is None:  # a memory's date to retire has come: it retires first (one write)
            self.retire_due()
            answered = self._read_once(question, limit, look_for_due=False)
        assert answered is not None
        name, result, broken = answered
        if broken:
            raise ReadRefused(
                f"PersonaKit plugin {name!r} answered personakit_read with {broken}; nothing was returned."
            )
        return result

    def propose(
        self, text: str, quote: str, category: str | None, *, client: tuple[str, str] | None = None
    ) -> ProposeResult:
        """The `personakit_propose` tool. `client` is the name and version the MCP client gave in
        `initialize` (None: it gave none): the store records which connection proposed each new memory
        and refuses a proposal with `TooManyWaiting` once that connection left `most_waiting` memories
        waiting (a store that `KnowsProposers`)."""
        if not self._knows_proposers:
            return self._within_view(self.hooks.propose(self, text, quote, category), text)
        with cast(KnowsProposers, self.store).proposing(self.connection(client), self.most_waiting):
            return self._within_view(self.hooks.propose(self, text, quote, category), text)

    def connection(self, client: tuple[str, str] | None = None) -> Connection:
        """This process's connection for the client that called itself `client` (name, version): made
        on first use with a random id, the same for every later call of that client here."""
        name, version = (part[:CLIENT_NAME_MAX] for part in client or ("", ""))
        found = self._connections.get((name, version))
        if found is None:
            found = Connection(id="c_" + os.urandom(4).hex(), client=name, version=version, started=self.now())
            self._connections[(name, version)] = found
        return found

    def _read_once(self, question: str, limit: int, *, look_for_due: bool) -> tuple[str, ReadResult, str | None] | None:
        """The read in one read transaction, and what is wrong with it; None, before reading anything,
        when `look_for_due` finds a memory whose date to retire has come (`Retires.due`)."""
        with cast(Snapshots, self.store).snapshot() if self._snapshots else nullcontext():
            if look_for_due and self._retires and cast(Retires, self.store).due(self.now()):
                return None
            request = ReadRequest(question, limit, self.view)
            name, result = self.hooks.read(self, request)  # a ReadResult, checked there
            return name, result, read_problem(self, result, request)

    def retire_due(self) -> None:
        """Retire every memory whose date to retire has come (`Retires.retire_due`): what every read and each of
        the owner's commands does first, so that a date takes effect at the first read after it, with no job."""
        if self._retires:
            cast(Retires, self.store).retire_due(self.now())

    def _within_view(self, result: ProposeResult, text: str) -> ProposeResult:
        """The answer to a proposal as this connection may see it. Under `--categories` the store already
        answered within the view (`Store.propose`). Under `--approved-only` an unconfirmed memory lies
        outside the view (a restricted one is counted in `withheld`, so inside it), so whether anyone
        proposed it before is not this connection's to learn: it is new the first time this connection
        proposes the text and not new after, as a store holding only what it proposed would answer.
        The kit remembers the last `PROPOSALS_KEPT` texts; one forgotten is answered as new again,
        whether or not it exists."""
        if not self.view.approved_only or not result.stored or result.id is None or result.state != "unconfirmed":
            return result
        digest = hashlib.blake2b(normalise(text).encode("utf-8"), key=self._proposed_key, digest_size=16).digest()
        seen = digest in self._proposed
        self._proposed[digest] = None
        self._proposed.move_to_end(digest)
        if len(self._proposed) > PROPOSALS_KEPT:
            self._proposed.popitem(last=False)
        return ProposeResult(stored=True, id=result.id, new=bool(result.new) or not seen, state="unconfirmed")

    def masks(self, text: str) -> list[Mask]:
        """Every span any redaction hook wants hidden in `text` (`Masking.masks`)."""
        return self.masking.masks(text)

    def masked(self, text: str) -> str:
        """`text` with every span a redaction hook wants hidden replaced by its label, not shortened."""
        return self.masking.masked(text)

    def redact(self, quote: str) -> str:
        """A quote as it may be shown: masked by every redaction hook, then shortened (read rule 7)."""
        return self.masking.redact(quote)

    def shown_text(self, memory: Memory) -> str:
        """A memory's text as a read shows it: as the owner approved it, else masked (read rule 7a)."""
        return self.masking.shown_text(memory)

    def refusal(self, text: str, quote: str) -> str | None:
        """The first reason a refusal hook gives for `text` and `quote`, or None."""
        return self.hooks.refuse(text, quote)

    @staticmethod
    def now() -> float:
        return time.time()


if TYPE_CHECKING:

    def _a_kit_is_what_hooks_get(kit: PersonaKit) -> Kit:
        return kit  # mypy checks that PersonaKit has everything `hookspecs.Kit` promises
