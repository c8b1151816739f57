"""The plugin manager: hook specs, entry points, allow- and block-lists, and calling hooks by plugin."""

from __future__ import annotations

import os
import warnings
from collections.abc import Iterable, Iterator, Mapping
from importlib import metadata
from typing import Any

import msgspec
import pluggy

from personakit_plugin.core import hookspecs
from personakit_plugin.core.store import StoreError

GROUP = "personakit"
DEFAULT_PREFIX = "default-"
ALLOW_ENV = "PERSONAKIT_PLUGINS"
BLOCK_ENV = "PERSONAKIT_DISABLED_PLUGINS"


class PluginError(Exception):
    """A plugin could not be loaded or misbehaved; the message names it."""


class PluginWarning(UserWarning):
    """Something about the plugin configuration the owner should know, such as an unknown name."""


class PluginInfo(msgspec.Struct, frozen=True):
    name: str
    version: str | None
    hooks: list[str]
    default: bool


def _names(value: str | None) -> set[str] | None:
    if value is None:
        return None
    return {name.strip() for name in value.split(",") if name.strip()}


class PluginManager(pluggy.PluginManager):
    """pluggy's manager, remembering the version of each plugin loaded from a distribution."""

    def __init__(self, project_name: str) -> None:
        super().__init__(project_name)
        self.versions: dict[str, str] = {}


def make_plugin_manager(
    plugins: Iterable[object] = (),
    *,
    environ: Mapping[str, str] | None = None,
    entry_points: bool = True,
) -> PluginManager:
    """A fresh manager with the hook specs, the installed plugins the environment allows, and `plugins`.

    `PERSONAKIT_PLUGINS` (comma-separated entry point names), when set, is the allow-list of
    third-party plugins; set but empty, only the default plugins load. `PERSONAKIT_DISABLED_PLUGINS`
    blocks plugins by name. The default plugins always load. A name in either list that is not
    installed is a `PluginWarning`. A plugin that cannot be imported, implements an unknown hook
    or takes an unknown argument raises `PluginError` naming it.
    """
    environ = os.environ if environ is None else environ
    pm = PluginManager(GROUP)
    pm.add_hookspecs(hookspecs)
    allowed = _names(environ.get(ALLOW_ENV))
    blocked = _names(environ.get(BLOCK_ENV)) or set()
    if entry_points:
        found = {ep.name: ep for ep in metadata.entry_points(group=GROUP)}
        for name in sorted(((allowed or set()) | blocked) - set(found)):
            warnings.warn(f"No PersonaKit plugin named {name!r} is installed.", PluginWarning, stacklevel=2)
        for name in blocked:
            if name.startswith(DEFAULT_PREFIX):
                warnings.warn(f"The default plugin {name!r} cannot be disabled.", PluginWarning, stacklevel=2)
            else:
                pm.set_blocked(name)
        for name, ep in sorted(found.items()):
            default = name.startswith(DEFAULT_PREFIX)
            if not default and (name in blocked or (allowed is not None and name not in allowed)):
                continue
            if pm.get_plugin(name) is not None:
                continue
            try:
                plugin = ep.load()
            except Exception as exc:
                raise PluginError(f"PersonaKit plugin {name!r} failed to import: {exc}") from exc
            _register(pm, plugin, name)
            if ep.dist is not None:
                pm.versions[name] = ep.dist.version
        if not any(n.startswith(DEFAULT_PREFIX) for n, _ in pm.list_name_plugin()):
            raise PluginError(
                "PersonaKit's default plugins are not registered; install the package (pip install personakit-plugin)."
            )
    for plugin in plugins:
        if not pm.is_registered(plugin):  # an installed plugin may also be passed in code
            _register(pm, plugin, _free_name(pm, _plugin_name(plugin)))
    try:
        pm.check_pending()
    except pluggy.PluginValidationError as exc:
        raise PluginError(f"PersonaKit plugin {pm.get_name(exc.plugin)!r} is invalid: {exc}") from exc
    return pm


def _register(pm: pluggy.PluginManager, plugin: object, name: str) -> None:
    try:
        pm.register(plugin, name)
    except pluggy.PluginValidationError as exc:
        raise PluginError(f"PersonaKit plugin {name!r} is invalid: {exc}") from exc
    except ValueError as exc:
        raise PluginError(f"PersonaKit plugin {name!r} could not be registered: {exc}") from exc
    for caller in pm.get_hookcallers(plugin) or ():
        for impl in caller.get_hookimpls():
            if impl.plugin is plugin and (impl.hookwrapper or impl.wrapper):
                pm.unregister(plugin)
                raise PluginError(
                    f"PersonaKit plugin {impl.plugin_name!r} wraps {caller.name}; hook wrappers are not supported."
                )


def _plugin_name(plugin: object) -> str:
    return getattr(plugin, "__name__", None) or type(plugin).__name__


def _free_name(pm: pluggy.PluginManager, name: str) -> str:
    taken = {taken for taken, _ in pm.list_name_plugin()}
    return next(
        f"{name}-{n}" if n else name for n in range(len(taken) + 1) if (f"{name}-{n}" if n else name) not in taken
    )


def implementations(pm: pluggy.PluginManager, hook: str) -> Iterator[tuple[str, Any, tuple[str, ...]]]:
    """(plugin name, function, argument names) for each implementation of `hook`, in the order they are called."""
    for impl in reversed(getattr(pm.hook, hook).get_hookimpls()):
        yield impl.plugin_name, impl.function, impl.argnames


def call_each(pm: pluggy.PluginManager, hook: str, **kwargs: Any) -> Iterator[tuple[str, Any]]:
    """Call each implementation of `hook` in turn, yielding (plugin name, result).

    An exception is re-raised as `PluginError` naming the plugin.
    """
    for name, function, argnames in implementations(pm, hook):
        try:
            result = function(**{arg: kwargs[arg] for arg in argnames})
        except (PluginError, StoreError):
            raise
        except Exception as exc:
            raise PluginError(f"PersonaKit plugin {name!r} failed in {hook}: {exc}") from exc
        yield name, result


def call_first(pm: pluggy.PluginManager, hook: str, expected: type | tuple[type, ...], **kwargs: Any) -> Any:
    """The first non-None result of `hook`, checked to be `expected`; PluginError names a wrong one."""
    return answer_first(pm, hook, expected, **kwargs)[1]


def answer_first(
    pm: pluggy.PluginManager, hook: str, expected: type | tuple[type, ...], **kwargs: Any
) -> tuple[str, Any]:
    """The name of the plugin whose result `call_first` returns, and that result."""
    for name, result in call_each(pm, hook, **kwargs):
        if result is None:
            continue
        if not isinstance(result, expected):
            raise PluginError(
                f"PersonaKit plugin {name!r} returned {type(result).__name__} from {hook}, "
                f"which must return {_type_names(expected)}."
            )
        return name, result
    raise PluginError(f"No PersonaKit plugin answered {hook}; is the default plugin installed?")


def _type_names(expected: type | tuple[type, ...]) -> str:
    kinds = expected if isinstance(expected, tuple) else (expected,)
    return " or ".join(kind.__name__ for kind in kinds)


def plugin_infos(pm: PluginManager) -> list[PluginInfo]:
    """What is loaded: each plugin's name, version and the hooks it implements."""
    infos = []
    for name, plugin in pm.list_name_plugin():
        if plugin is None:
            continue
        hooks = sorted(caller.name for caller in pm.get_hookcallers(plugin) or ())
        infos.append(PluginInfo(name, pm.versions.get(name), hooks, name.startswith(DEFAULT_PREFIX)))
    return sorted(infos, key=lambda info: (not info.default, info.name))
