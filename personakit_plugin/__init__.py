"""PersonaKit: your AI's memory, your say.

Plugins mark their hook implementations with `hookimpl`; the hooks are in `hookspecs`.
`PersonaKit.open(data_dir)` loads the plugins and opens the store; `default_data_dir()` is the folder
`personakit serve` uses when given none; `mount(server, kit)` adds the two tools to an MCP server of
the official SDK. They are imported on first use, so a plugin that imports `hookimpl` does not pay
for the MCP SDK.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from personakit_plugin.core.hookspecs import hookimpl

if TYPE_CHECKING:
    from personakit_plugin.core.data_folder import default_data_dir
    from personakit_plugin.core.kit import PersonaKit
    from personakit_plugin.serving.tools import mount

__all__ = ["PersonaKit", "default_data_dir", "hookimpl", "mount"]


def __getattr__(name: str) -> Any:
    if name == "PersonaKit":
        from personakit_plugin.core.kit import PersonaKit

        return PersonaKit
    if name == "default_data_dir":
        from personakit_plugin.core.data_folder import default_data_dir

        return default_data_dir
    if name == "mount":
        from personakit_plugin.serving.tools import mount

        return mount
    raise AttributeError(f"module 'personakit_plugin' has no attribute {name!r}")
