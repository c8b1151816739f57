"""The refusal contract every refusal hook keeps, from PersonaKit's kit for plugin authors."""

from personakit_plugin.testing import RefusalContract

import personakit_detect_secrets


class TestDetectSecretsContract(RefusalContract):
    plugin = personakit_detect_secrets
    refused = (
        "My AWS key is AKIAIOSFODNN7EXAMPLE",
        "token ghp_16C7e42F292c6912E7710c838347Ae178B4a",
        ("Their router login", "password = 'letmein'"),
        ("Their mail API key", "mailchimp 0123456789abcdef0123456789abcdef-us12"),
        ("Their database", "postgres://admin:s3cretP4ss@db.example.com:5432/app"),
        ("Uses AWS", "Here is what I use:\n\nAKIAIOSFODNN7EXAMPLE\nthanks"),
    )
    allowed = (
        "The owner prefers short answers and writes Python at work.",
        "I forgot my password again, can you remind me how to reset it?",
        "The deploy token is in the vault, not in chat.",
        "Uses Python 3.11.7 and ruff 0.5.0 on macOS 14.",
        "Docs live at https://example.com/guide?page=2&lang=en.",
    )
