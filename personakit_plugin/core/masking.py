"""How a kit masks what a read shows: every redaction hook's spans, applied once per text.

A quote is shown masked and then shortened (read rule 7); a memory's text is shown as the owner
approved it, else masked (read rule 7a); the store's word index keys a text as a read would show it
(`IndexesAsShown`). All of it goes through one `Masking` per kit, which remembers the last
`MASKED_KEPT` texts it masked, so that a text is masked once, not once per read that shows it, and the
boundary check sees exactly what the read showed.
"""

from __future__ import annotations

import logging
from collections import OrderedDict

from personakit_plugin.core.hooks import Hooks, PluginError
from personakit_plugin.core.model import Memory
from personakit_plugin.core.redaction import Mask, apply_masks, as_shown, shorten

log = logging.getLogger(__name__)

MASKED_KEPT = 4096
"""Texts whose masked form a kit remembers (`Masking.masked`), the least recently shown forgotten first."""


class Masking:
    def __init__(self, hooks: Hooks) -> None:
        self._hooks = hooks
        self._masked: OrderedDict[str, str] = OrderedDict()

    def masks(self, text: str) -> list[Mask]:
        """Every span any redaction hook wants hidden in `text`, each checked to be a span inside it.

        A hook that raises, or returns anything but masks that keep `redaction.MASK_RULE`, is a
        PluginError naming it."""
        return self._hooks.redact(text)

    def masked(self, text: str) -> str:
        """`text` with every span a redaction hook wants hidden replaced by its label, not shortened."""
        cache = self._masked
        shown = cache.get(text)
        if shown is not None:
            cache.move_to_end(text)
            return shown
        shown = cache[text] = apply_masks(text, self.masks(text))
        if len(cache) > MASKED_KEPT:
            cache.popitem(last=False)
        return shown

    def indexed(self, text: str) -> str:
        """What the store's word index keys of a text a read masks (`IndexesAsShown`): the text masked;
        nothing when a redaction hook fails on it. A read that would show it fails closed anyway, and a
        proposal is not lost for a plugin's fault; a fixed plugin is another version, whose masking
        keys the words again."""
        try:
            return self.masked(text)
        except PluginError as exc:  # its sentence names the plugin and the exception's type, never a text
            log.warning("%s A memory it failed on is found by no word until it works.", exc)
            return ""

    def redact(self, quote: str) -> str:
        """A quote as it may be shown: masked by every redaction hook, then shortened (read rule 7)."""
        return shorten(self.masked(quote))

    def shown_text(self, memory: Memory) -> str:
        """A memory's text as a read shows it: as the owner approved it, else masked (read rule 7a)."""
        return as_shown(memory.text, memory.state, self.masked)
