"""The plugin manager: pluggy's, with PersonaKit's default plugins, allow-list, and errors that name the plugin.

Which plugins, in which order, is decided here; calling them is `hooks.Hooks`'s, the one door to
the hooks.

pluggy does the loading: `load_setuptools_entrypoints` for installed plugins, `set_blocked` for the
ones the owner turns off, `list_plugin_distinfo` for the distribution each came from. What is
PersonaKit's own: the default plugins register from the package by module (as pytest registers its
own), so a checkout works uninstalled; `PERSONAKIT_PLUGINS` is an allow-list that also sets the
order the installed plugins are asked in; a name in it or in the block list that is not installed
stops PersonaKit; no plugin may wrap a hook; and every error names the plugin (`hooks.PluginError`),
including one raised while a hook runs.

The order, for every hook: the plugins given in code, in the order given; then the installed
plugins, in the order `PERSONAKIT_PLUGINS` names them, else alphabetically by entry point name;
then the defaults (marked `trylast`). pluggy asks the last registered first, so each group is
registered in reverse. A plugin's own `tryfirst` or `trylast` moves it as pluggy says; `personakit
plugins` shows the order as it is.
"""

from __future__ import annotations

import importlib
import inspect
import itertools
import os
import warnings
from collections.abc import Callable, Iterable, Mapping
from importlib import metadata
from pathlib import Path

import msgspec
import pluggy

from personakit_plugin.core import hookspecs
from personakit_plugin.core.hooks import Hooks
from personakit_plugin.core.hooks import PluginError as PluginError

GROUP = "personakit"
ALLOW_ENV = "PERSONAKIT_PLUGINS"
BLOCK_ENV = "PERSONAKIT_DISABLED_PLUGINS"
DISTRIBUTION = "personakit-plugin"
DEFAULT_RANK = "default-rank"
"""The default `personakit_rank` plugin's name: while it answers first, the store may rank for it."""
DEFAULT_PLUGINS = {
    "default-read": "personakit_plugin.default_plugins.read",
    "default-propose": "personakit_plugin.default_plugins.propose",
    DEFAULT_RANK: "personakit_plugin.default_plugins.rank_overlap",
    "default-redact": "personakit_plugin.default_plugins.redact_email",
    "default-refuse": "personakit_plugin.default_plugins.refuse_credentials",
    "default-store": "personakit_plugin.default_plugins.store_sqlite",
}
"""The documented behaviour, by plugin name: modules of this package, imported by name and always
registered first and marked `trylast`, so an installed plugin's implementation is called before them.
They cannot be blocked: the documented behaviour and the boundary rely on them, and a plugin that
wants to change one answers before it."""


class PluginWarning(UserWarning):
    """Something about the plugin configuration the owner should know, such as a default plugin blocked."""


class PluginInfo(msgspec.Struct, frozen=True):
    name: str
    version: str | None
    hooks: list[str]
    default: bool
    behind: dict[str, list[str]] = {}
    """For each first-result hook it implements that another plugin is asked before, those plugins in
    the order they are asked: it is asked only when all of them return None."""
    detail: str | None = None
    """What the plugin says about itself (`PERSONAKIT_DETAIL`), such as the model it uses."""


class HookOrder(msgspec.Struct, frozen=True):
    """A first-result hook and its implementations' plugins, in the order they are asked."""

    hook: str
    plugins: list[str]

    @property
    def shadowed(self) -> list[str]:
        """The plugins, not defaults, asked only when the first returns None: the ones it may shadow.
        A default behind another plugin is how it is meant to be and is not among them."""
        return [name for name in self.plugins[1:] if name not in DEFAULT_PLUGINS]

    def sentence(self) -> str:
        """The order in words, a default plugin said as "the default", and what the first may shadow."""
        said = ", then ".join("the default" if name in DEFAULT_PLUGINS else name for name in self.plugins)
        if self.shadowed:
            said += f"; {self.plugins[0]} answers first and may shadow {_and(self.shadowed)}"
        return f"{self.hook}: {said}."


def _names(value: str | None) -> list[str] | None:
    """The names in a comma-separated list, each once, in the order given; None when it is not set."""
    if value is None:
        return None
    return list(dict.fromkeys(name.strip() for name in value.split(",") if name.strip()))


class PluginManager(pluggy.PluginManager):
    """pluggy's manager, saying which version of each plugin is loaded."""

    @property
    def versions(self) -> dict[str, str]:
        """Each plugin's version by name: its distribution's, or this package's for a default plugin."""
        found = {self.get_name(plugin): dist.version for plugin, dist in self.list_plugin_distinfo()}
        own = _own_version()
        if own is not None:
            found.update((name, own) for name in DEFAULT_PLUGINS if self.has_plugin(name))
        return {name: version for name, version in found.items() if name is not None}


def _own_version() -> str | None:
    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:  # an uninstalled checkout
        return None


def make_plugin_manager(
    plugins: Iterable[object] = (),
    *,
    environ: Mapping[str, str] | None = None,
    entry_points: bool = True,
    defaults: bool = True,
) -> PluginManager:
    """A fresh manager with the hook specs, the default plugins, the installed plugins the environment
    allows (unless `entry_points` is false), and `plugins`.

    `PERSONAKIT_PLUGINS` (comma-separated entry point names), when set, is the allow-list of
    installed plugins and the order they are asked in (the first named first); set but empty, only
    the default plugins load; not set, every installed plugin loads, asked in alphabetical order.
    `PERSONAKIT_DISABLED_PLUGINS` blocks plugins by name. `plugins` are asked before the installed
    ones, in the order given. The default plugins load, asked last, unless `defaults` is false (the
    command line's manager, whose defaults are its own commands, given as `plugins`); blocking one is a
    `PluginWarning`. A name in either list that is not installed, a plugin that cannot be imported,
    implements an unknown hook, takes an unknown argument or wraps a hook raises `PluginError`
    naming it.
    """
    environ = os.environ if environ is None else environ
    pm = PluginManager(GROUP)
    pm.add_hookspecs(hookspecs)
    for name, module in DEFAULT_PLUGINS.items() if defaults else ():
        _register(pm, _import(name, module), name)
    if entry_points:
        _load_installed(pm, _names(environ.get(ALLOW_ENV)), _names(environ.get(BLOCK_ENV)) or [])
    for plugin in reversed(list(plugins)):  # the last registered is asked first
        if not pm.is_registered(plugin):  # an installed plugin may also be passed in code
            _register(pm, plugin, _free_name(pm, _plugin_name(plugin)))
    try:
        pm.check_pending()
    except pluggy.PluginValidationError as exc:
        invalid = pm.get_name(exc.plugin)
        raise PluginError(f"PersonaKit plugin {invalid!r} is invalid: {exc}", plugin=invalid) from exc
    return pm


def _import(name: str, module: str) -> object:
    try:
        return importlib.import_module(module)
    except Exception as exc:
        raise PluginError.raised(name, "import", exc) from exc


def installed() -> list[str]:
    """The entry point names of the installed plugins (the defaults are not among them), sorted."""
    return sorted({ep.name for ep in metadata.entry_points(group=GROUP)} - DEFAULT_PLUGINS.keys())


def _check_names(variable: str, names: list[str], present: list[str]) -> None:
    """A `PluginError` naming the names in `variable` that are not installed plugins, and the installed ones."""
    unknown = [name for name in names if name not in present and name not in DEFAULT_PLUGINS]
    if not unknown:
        return
    one = len(unknown) == 1
    which = "which is not an installed PersonaKit plugin" if one else "which are not installed PersonaKit plugins"
    there = f"the installed ones are {_and(present)}" if present else "none is installed"
    raise PluginError(f"{variable} names {_and(map(repr, unknown))}, {which}; {there} (besides the defaults).")


def _and(names: Iterable[str]) -> str:
    *most, last = names
    return f"{', '.join(most)} and {last}" if most else last


def _load_installed(pm: PluginManager, allowed: list[str] | None, blocked: list[str]) -> None:
    """The installed plugins of the `personakit` entry point group that `allowed` lets in, bar `blocked`,
    registered so that the first in `allowed` (else the first by name) is asked first.

    pluggy loads them one name at a time, so a failure is known to be that plugin's.
    """
    names = installed()
    _check_names(ALLOW_ENV, allowed or [], names)
    _check_names(BLOCK_ENV, blocked, names)
    for name in blocked:
        if name in DEFAULT_PLUGINS:
            warnings.warn(
                f"The default plugin {name!r} cannot be disabled; "
                "a plugin that answers before it can change what it does.",
                PluginWarning,
                stacklevel=3,
            )
        else:
            pm.set_blocked(name)
    order = names if allowed is None else [name for name in allowed if name in names]
    for name in reversed(order):  # the last registered is asked first
        try:
            pm.load_setuptools_entrypoints(GROUP, name)  # skips a blocked name
        except pluggy.PluginValidationError as exc:
            raise PluginError(f"PersonaKit plugin {name!r} is invalid: {exc}", plugin=name) from exc
        except Exception as exc:
            raise PluginError.raised(name, "load", exc) from exc
        _refuse_wrappers(pm, name)


def _register(pm: pluggy.PluginManager, plugin: object, name: str) -> None:
    try:
        pm.register(plugin, name)
    except pluggy.PluginValidationError as exc:
        raise PluginError(f"PersonaKit plugin {name!r} is invalid: {exc}", plugin=name) from exc
    except ValueError as exc:
        raise PluginError(f"PersonaKit plugin {name!r} could not be registered: {exc}", plugin=name) from exc
    _refuse_wrappers(pm, name)


def _refuse_wrappers(pm: pluggy.PluginManager, name: str) -> None:
    """Unregister the plugin `name` and raise `PluginError` if it wraps a hook: calls are one at a time."""
    plugin = pm.get_plugin(name)
    callers = pm.get_hookcallers(plugin) if plugin is not None else None
    for caller in callers or ():
        for impl in caller.get_hookimpls():
            if impl.plugin is plugin and (impl.hookwrapper or impl.wrapper):
                pm.unregister(plugin)
                raise PluginError(
                    f"PersonaKit plugin {name!r} wraps {caller.name}; hook wrappers are not supported.", plugin=name
                )


def _plugin_name(plugin: object) -> str:
    return getattr(plugin, "__name__", None) or type(plugin).__name__


def _free_name(pm: pluggy.PluginManager, name: str) -> str:
    """`name`, or the first of `name-1`, `name-2`, ... that no registered plugin has."""
    taken = {taken for taken, _ in pm.list_name_plugin()}
    numbered = (f"{name}-{n}" for n in itertools.count(1))
    return next(free for free in itertools.chain([name], numbered) if free not in taken)


def hook_orders(pm: pluggy.PluginManager) -> list[HookOrder]:
    """Each first-result hook, by name, with its plugins in the order they are asked."""
    return [HookOrder(hook, plugins) for hook, plugins in Hooks(pm).orders().items()]


DETAIL_ATTRIBUTE = "PERSONAKIT_DETAIL"
"""A plugin may say one line about itself for `personakit plugins` and `doctor`: a module attribute of
this name, a string or a function that returns one (it must be cheap: it is called whenever plugins
are listed, and must not load anything heavy). A function whose parameters include `data_dir` is given
the data folder the command looks at (`personakit --data-dir DIR plugins`), where the owner's settings
for that folder are kept; else no argument."""
DETAIL_LIMIT = 200
"""The most characters of a plugin's detail that are shown."""


def detail_of(plugin: object, data_dir: Path | None = None) -> str | None:
    """The plugin's `PERSONAKIT_DETAIL`, one line, cut to `DETAIL_LIMIT`, for the data folder `data_dir`
    when it asks for one; a sentence saying it failed (its exception's type, never its text) when it
    raises or is not text."""
    said = getattr(plugin, DETAIL_ATTRIBUTE, None)
    if said is None:
        return None
    try:
        if callable(said):
            said = said(data_dir=data_dir) if data_dir is not None and _takes_data_dir(said) else said()
    except Exception as exc:
        return f"(its {DETAIL_ATTRIBUTE} failed: {type(exc).__name__})"
    if not isinstance(said, str):
        return f"(its {DETAIL_ATTRIBUTE} is not text)"
    line = " ".join(said.split())
    return line if len(line) <= DETAIL_LIMIT else line[: DETAIL_LIMIT - 1] + "…"


PROGRESS_ATTRIBUTE = "PERSONAKIT_PROGRESS"
"""A plugin may say one line about what it keeps in the store for `personakit doctor` (how far an index is
built): a module attribute of this name, a function of the kit (opened only to look) returning a string
or None. It must only look: doctor changes nothing."""


def progress_of(plugin: object, kit: object) -> str | None:
    """The plugin's `PERSONAKIT_PROGRESS` for `kit`, one line, cut to `DETAIL_LIMIT`; a sentence saying it
    failed (its exception's type, never its text) when it raises or is not text."""
    said = getattr(plugin, PROGRESS_ATTRIBUTE, None)
    if not callable(said):
        return None
    try:
        said = said(kit)
    except Exception as exc:
        return f"(its {PROGRESS_ATTRIBUTE} failed: {type(exc).__name__})"
    if said is None:
        return None
    if not isinstance(said, str):
        return f"(its {PROGRESS_ATTRIBUTE} is not text)"
    line = " ".join(said.split())
    return line if len(line) <= DETAIL_LIMIT else line[: DETAIL_LIMIT - 1] + "…"


def _takes_data_dir(function: Callable[..., object]) -> bool:
    try:
        return "data_dir" in inspect.signature(function).parameters
    except (TypeError, ValueError):
        return False


def plugin_infos(pm: PluginManager, data_dir: Path | None = None) -> list[PluginInfo]:
    """What is loaded: each plugin's name, version, the hooks it implements and who is asked before it,
    and what it says of itself for the data folder `data_dir` (`detail_of`)."""
    infos, versions, orders = [], pm.versions, hook_orders(pm)
    for name, plugin in pm.list_name_plugin():
        if plugin is None:  # a blocked name
            continue
        hooks = sorted(caller.name for caller in pm.get_hookcallers(plugin) or ())
        behind = {order.hook: order.plugins[: order.plugins.index(name)] for order in orders if name in order.plugins}
        behind = {hook: before for hook, before in behind.items() if before}
        detail = detail_of(plugin, data_dir)
        infos.append(PluginInfo(name, versions.get(name), hooks, name in DEFAULT_PLUGINS, behind, detail))
    return sorted(infos, key=lambda info: (not info.default, info.name))
