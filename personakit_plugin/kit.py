"""A running PersonaKit: the plugins and the store, and the checks on everything that leaves.

The two tools go through `PersonaKit.read` and `PersonaKit.propose`. Whatever the plugins do, a
read that leaves here holds no memory the owner restricted or rejected and no quote a redaction
hook would still mask; a plugin that breaks either rule makes the read fail, never leak.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping, Sequence
from contextlib import nullcontext
from pathlib import Path

from .default_plugins import rank_overlap
from .model import Candidate, ProposeResult, ReadResult
from .plugins import PluginError, PluginManager, call_each, call_first, implementations, make_plugin_manager
from .redaction import Mask, apply_masks, shorten
from .store import Config, Store
from .words import content_words


class ReadRefused(PluginError):
    """A read would have broken one of the owner's rules; nothing was returned."""


class PersonaKit:
    def __init__(self, pm: PluginManager, config: Config) -> None:
        self.pm = pm
        self.config = config
        self.store: Store = call_first(pm, "personakit_store", object, config=config)
        self._redacted: dict[str, str] | None = None

    @classmethod
    def open(
        cls,
        data_dir: Path | str,
        *,
        plugins: Iterable[object] = (),
        environ: Mapping[str, str] | None = None,
        entry_points: bool = True,
        create: bool = True,
    ) -> PersonaKit:
        """Load the plugins and open the store in `data_dir` (see `Config.create` for `create`)."""
        import os

        env = dict(os.environ if environ is None else environ)
        pm = make_plugin_manager(plugins, environ=env, entry_points=entry_points)
        return cls(pm, Config(data_dir=Path(data_dir), environ=env, create=create))

    def close(self) -> None:
        self.store.close()

    # -- the two tools ----------------------------------------------------------------------

    def read(self, question: str, limit: int) -> ReadResult:
        # One read transaction for the hook and the boundary check (when the store offers it), and
        # one redaction per quote: `redact` remembers what it showed until the read is done.
        snapshot = getattr(self.store, "snapshot", None)
        self._redacted = {}
        try:
            with snapshot() if callable(snapshot) else nullcontext():
                result: ReadResult = call_first(
                    self.pm, "personakit_read", ReadResult, kit=self, question=question, limit=limit
                )
                self._check_read(result, limit)
        finally:
            self._redacted = None
        return result

    def propose(self, text: str, quote: str, category: str | None) -> ProposeResult:
        result: ProposeResult = call_first(
            self.pm, "personakit_propose", ProposeResult, kit=self, text=text, quote=quote, category=category
        )
        return result

    # -- helpers for plugins ----------------------------------------------------------------

    def ranks_by_default(self) -> bool:
        """Whether the default word-overlap ranker answers `personakit_rank`: no other implementation
        is called before it. The default read then lets the store rank in SQL (`top_matches`)
        instead of loading every candidate; with any other ranker installed, the ranker gets them all."""
        first = next(implementations(self.pm, "personakit_rank"), None)
        return first is not None and first[1] is rank_overlap.personakit_rank

    def rank(self, question: str, candidates: Sequence[Candidate]) -> list[Candidate]:
        """The matching candidates, best first, as the ranking hook orders them.

        Only the candidates passed in can come back, each at most once.
        """
        ranked = call_first(
            self.pm,
            "personakit_rank",
            list,
            question=question,
            words=content_words(question),
            candidates=list(candidates),
        )
        offered = {candidate.memory.id: candidate for candidate in candidates}
        chosen: list[Candidate] = []
        for candidate in ranked:
            memory_id = getattr(getattr(candidate, "memory", None), "id", None)
            if memory_id in offered:
                chosen.append(offered.pop(memory_id))
        return chosen

    def masks(self, text: str) -> list[Mask]:
        """Every span any redaction hook wants hidden in `text`."""
        found: list[Mask] = []
        for name, masks in call_each(self.pm, "personakit_redact", text=text):
            for mask in masks or ():
                try:
                    start, end, label = mask
                    found.append(Mask(int(start), int(end), str(label)))
                except (TypeError, ValueError):
                    raise PluginError(
                        f"PersonaKit plugin {name!r} returned {mask!r} from personakit_redact, "
                        "which must return Mask(start, end, label) spans."
                    ) from None
        return found

    def redact(self, quote: str) -> str:
        """A quote as it may be shown: masked by every redaction hook, then shortened.

        Within one `read` each quote is redacted once: the boundary check reuses what the read showed."""
        cache = self._redacted
        if cache is not None and quote in cache:
            return cache[quote]
        shown = shorten(apply_masks(quote, self.masks(quote)))
        if cache is not None:
            cache[quote] = shown
        return shown

    def refusal(self, text: str, quote: str) -> str | None:
        """The first reason a refusal hook gives for `text` and `quote`, or None."""
        for name, reason in call_each(self.pm, "personakit_refuse", text=text, quote=quote):
            if reason is None:
                continue
            if not isinstance(reason, str) or not reason:
                raise PluginError(f"PersonaKit plugin {name!r} returned {reason!r} from personakit_refuse.")
            return reason
        return None

    @staticmethod
    def now() -> float:
        return time.time()

    # -- the boundary -----------------------------------------------------------------------

    def _check_read(self, result: ReadResult, limit: int) -> None:
        """Every memory is one the owner allows, and every quote is one of its quotes as `redact` shows it."""
        if len(result.memories) > limit:
            raise ReadRefused(f"The read returned {len(result.memories)} memories, more than the limit of {limit}.")
        ids = [memory.id for memory in result.memories]
        states = self.store.states(ids)
        quotes = self.store.quotes(ids) if any(memory.evidence for memory in result.memories) else {}
        for memory in result.memories:
            state = states.get(memory.id)
            if state not in ("approved", "unconfirmed") or memory.confirmed != (state == "approved"):
                raise ReadRefused(f"The read returned a memory the owner has not allowed ({state or 'unknown'}).")
            if memory.evidence:
                wanted, shown = set(memory.evidence), set[str]()
                for quote in reversed(quotes.get(memory.id, ())):  # newest first, as evidence is chosen
                    shown.add(self.redact(quote))
                    if wanted <= shown:
                        break
                if not wanted <= shown:
                    raise ReadRefused("The read returned a quote that is not one of the owner's, masked and shortened.")
