"""A PersonaKit refusal hook: refuses a proposal in which Yelp's detect-secrets finds a secret.

Every refusal hook is called for every proposal, before anything is stored; this one scans the
text and the quote, line by line, with every plugin detect-secrets ships and its default
filters, and answers `credential_shape` when any of them reports a secret. It runs beside the
default credential check, not instead of it: either can refuse.

What is caught is what detect-secrets 1.5 catches in a single line: keys and tokens of a known
shape (AWS, Azure storage, GitHub, GitLab, Slack, Stripe, Twilio, SendGrid, Mailchimp, npm,
PyPI, OpenAI, Discord, Telegram, JWTs, private key headers, IBM, Artifactory, Square ...),
passwords in URLs (`https://user:pass@host`), a quoted value assigned to a secret-sounding
name (`password = 'letmein'`, `api_key: "..."`), and long random-looking strings: base64 with
more than 4.5 bits of entropy per character, hex with more than 3 (so git commit hashes and
other digests are refused too).

What is not caught: a password written in prose (`my password is hunter2`), an unquoted or
short value after a keyword (`password=Tr0ub4dor&3`), secrets split across lines, and anything
detect-secrets' own heuristics set aside (UUIDs, sequential strings, templated values such as
`${TOKEN}`). The default plugin covers part of that.

A note on the library. `scan_line` is detect-secrets' ad-hoc scanner, the one behind
`detect-secrets scan --string`. In that mode its two high-entropy plugins report every run of
base64 or hex characters, ordinary words included, and leave the entropy limit to the caller
(the command line prints `True (4.6)` or `False (2.1)` beside each). This hook applies the same
limit, as a file scan would; without it every sentence would be refused. Its settings are global
to the process, so scans here take a lock.
"""

from __future__ import annotations

import threading

from detect_secrets.core.potential_secret import PotentialSecret
from detect_secrets.core.scan import scan_line
from detect_secrets.plugins.base import BasePlugin
from detect_secrets.plugins.high_entropy_strings import HighEntropyStringsPlugin
from detect_secrets.settings import default_settings, get_plugins
from personakit_plugin import hookimpl

REASON = "credential_shape"

# `default_settings()` swaps detect-secrets' process-wide settings in and out again: one scan at a time.
_LOCK = threading.Lock()


def _reported(plugin: BasePlugin, secret: PotentialSecret) -> bool:
    """Whether a finding of `scan_line` is a secret, applying the entropy limit it leaves to the caller."""
    if isinstance(plugin, HighEntropyStringsPlugin):
        return plugin.calculate_shannon_entropy(secret.secret_value or "") > plugin.entropy_limit
    return True


def secret_types(text: str) -> list[str]:
    """The kind of each secret detect-secrets finds in `text`, such as `AWS Access Key`."""
    found: list[str] = []
    with _LOCK, default_settings():
        plugins = {plugin.secret_type: plugin for plugin in get_plugins()}
        for line in text.splitlines():
            found += [secret.type for secret in scan_line(line) if _reported(plugins[secret.type], secret)]
    return found


@hookimpl
def personakit_refuse(text: str, quote: str) -> str | None:
    """Refuse with `credential_shape` when detect-secrets finds a secret in the text or the quote."""
    return REASON if secret_types(text) or secret_types(quote) else None
