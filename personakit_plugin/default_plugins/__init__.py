"""The documented behaviour of PersonaKit, as ordinary plugins.

Each module is registered through the package's own entry points in the `personakit` group and
marks its implementations `trylast`, so a third-party plugin's first result takes precedence.
"""
