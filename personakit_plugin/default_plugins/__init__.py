"""The documented behaviour of PersonaKit, as ordinary plugins.

Each module is registered by the plugin manager itself, by module name (`core.plugins.DEFAULT_PLUGINS`,
as pytest registers its own plugins), not through entry points, so an uninstalled checkout has them
too. Each marks its implementations `trylast`, so a third-party plugin's first result takes precedence.
"""
