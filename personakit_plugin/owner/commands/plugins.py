"""`personakit plugins [--json]`: the plugins loaded, with versions, hooks and the order they are asked in."""

from __future__ import annotations

import argparse

from personakit_plugin.core.hookspecs import hookimpl
from personakit_plugin.owner.commands import Add
from personakit_plugin.owner.console import data_dir, print_json, say, table
from personakit_plugin.owner.display import printable


def cmd_plugins(args: argparse.Namespace) -> None:
    """Every plugin loaded, the defaults marked as such, and for each first-result hook the order its
    plugins are asked in, with the ones the first may shadow."""
    from personakit_plugin.core.plugins import hook_orders, make_plugin_manager, plugin_infos

    pm = make_plugin_manager()
    infos = plugin_infos(pm, data_dir(args.data_dir))
    if args.json:
        print_json(infos)
        return
    rows = [[i.name, i.version or "-", "default" if i.default else "plugin", ", ".join(i.hooks)] for i in infos]
    say(table(rows, ["NAME", "VERSION", "KIND", "HOOKS"]))
    for info in infos:
        if info.detail:
            say(f"{printable(info.name)}: {printable(info.detail)}")
    say("\nWhere the first result wins, the plugins are asked in this order (set PERSONAKIT_PLUGINS to change it):")
    for order in hook_orders(pm):
        say(f"  {order.sentence()}")


@hookimpl(tryfirst=True)
def personakit_commands(add: Add) -> None:
    plugins = add(
        "plugins", cmd_plugins, "List the plugins loaded, with versions, hooks and the order they are asked in."
    )
    plugins.add_argument("--all", action="store_true", help="accepted for older scripts; every plugin is always listed")
    plugins.add_argument("--json", action="store_true")
