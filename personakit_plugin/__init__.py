"""PersonaKit: your AI's memory, your say.

Plugins mark their hook implementations with `hookimpl`; the hooks are in `hookspecs`.
"""

import pluggy

hookimpl = pluggy.HookimplMarker("personakit")

__all__ = ["hookimpl"]
