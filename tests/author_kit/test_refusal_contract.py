"""The refusal contract (`RefusalContract`, from the kit for plugin authors) on the default credential
hook, and the contract itself: each of its checks fails on a hook that breaks its rule."""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace

import pytest

from personakit_plugin import hookimpl
from personakit_plugin.core.kit import PersonaKit
from personakit_plugin.core.model import ProposeResult
from personakit_plugin.default_plugins import refuse_credentials
from personakit_plugin.testing import RefusalContract
from personakit_plugin.testing.hook_contracts import REASON_LIMIT, Sample, is_reason

MakeKit = Callable[..., PersonaKit]

PEM = (
    "-----BEGIN RSA PRIVATE KEY-----\n"
    + "MIIEowIBAAKCAQEA7bq0Yx2Vb4kRp6Xj8wM3nT1s" * 8
    + "\n-----END RSA PRIVATE KEY-----"
)
JWT = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U"


class TestTheDefaultHookKeepsTheRefusalContract(RefusalContract):
    plugin = refuse_credentials
    refused = (
        "My AWS key is AKIAIOSFODNN7EXAMPLE",
        "token ghp_16C7e42F292c6912E7710c838347Ae178B4a",
        "db password=Hx7#kq2Lp9vWz",
        f"Authorization: Bearer {JWT}",
        ("Their database", "postgres://admin:s3cretP4ss@db.example.com:5432/app"),
        ("Keeps a private key", PEM),
        ("Knows the owner's e-mail password", "it's Hunter22!"),  # split between text and quote
        ("Said something", "I changed my password to Qw3rty!!77"),
    )
    allowed = (
        "Prefers short answers and writes Python at work.",
        "I forgot my password again, can you remind me how to reset it?",
        "The secret to good bread is patience.",
        "Reach me at ada@example.com after six.",
        ("Uses a token bucket for rate limits", "I rate-limit with a token bucket, 10 per second."),
        ("Prefers SSH keys to passwords", "I only use SSH keys, never passwords"),
    )


# -- the contract catches a broken hook -----------------------------------------------------------

SECRET = "My AWS key is AKIAIOSFODNN7EXAMPLE"


def refusing(answer: Callable[[str, str], object]) -> SimpleNamespace:
    """A plugin whose `personakit_refuse` answers with `answer(text, quote)`."""

    @hookimpl
    def personakit_refuse(text: str, quote: str) -> object:
        return answer(text, quote)

    return SimpleNamespace(personakit_refuse=personakit_refuse)


def contract(plugin: object, refused: tuple[Sample, ...] = (SECRET,)) -> RefusalContract:
    """The refusal contract for `plugin`, with `refused` and one ordinary sentence allowed."""

    class Under(RefusalContract):
        pass

    Under.plugin, Under.refused, Under.allowed = plugin, refused, ("The secret to good bread is patience.",)
    return Under()


def run_check(check: Callable[..., None], plugin: object, make_kit: MakeKit, folder: Path) -> None:
    """Run one of a contract's checks with its fixtures, on a data folder of its own."""
    given = {
        "kit": lambda: make_kit(plugin, folder=folder),
        "personakit_make_kit": lambda: functools.partial(make_kit, folder=folder),
        "personakit_data_dir": lambda: folder,
    }
    check(**{name: given[name]() for name in inspect.signature(check).parameters})


def test_a_well_behaved_hook_passes_every_check(make_kit: MakeKit, tmp_path: Path) -> None:
    suite = contract(refusing(lambda text, quote: "secret" if "AKIA" in text + quote else None))
    checks = [getattr(suite, name) for name in dir(suite) if name.startswith("test_")]
    assert len(checks) == 8
    for check in checks:
        run_check(check, suite.plugin, make_kit, tmp_path / check.__name__)


@pytest.mark.parametrize("reason", ["", " secret", "x" * (REASON_LIMIT + 1), "two\nlines", 3, True])
def test_a_reason_that_is_not_a_short_name_breaks_it(make_kit: MakeKit, reason: object) -> None:
    suite = contract(refusing(lambda text, quote: reason))
    with pytest.raises(AssertionError, match="not a short reason"):
        suite.test_a_refused_sample_gets_a_short_reason(make_kit(suite.plugin))
    assert not is_reason(reason)


def test_a_hook_that_refuses_nothing_breaks_it(make_kit: MakeKit) -> None:
    suite = contract(refusing(lambda text, quote: None))
    with pytest.raises(AssertionError, match="not a short reason"):
        suite.test_a_refused_sample_gets_a_short_reason(make_kit(suite.plugin))


def test_a_hook_that_refuses_ordinary_sentences_breaks_it(make_kit: MakeKit) -> None:
    suite = contract(refusing(lambda text, quote: "nope"))
    with pytest.raises(AssertionError, match="was refused"):
        suite.test_an_allowed_sentence_gets_none(make_kit(suite.plugin))
    with pytest.raises(AssertionError, match="nope"):
        suite.test_an_allowed_proposal_is_stored(make_kit(suite.plugin))


def test_a_hook_that_raises_on_a_lone_surrogate_breaks_it(make_kit: MakeKit) -> None:
    suite = contract(refusing(lambda text, quote: [(text + quote).encode(), None][1]))
    with pytest.raises(UnicodeEncodeError):
        suite.test_hostile_text_gets_none_or_a_reason(make_kit(suite.plugin))


def test_a_hook_that_answers_differently_twice_breaks_it(make_kit: MakeKit) -> None:
    calls = iter(range(1_000_000))
    suite = contract(refusing(lambda text, quote: "secret" if next(calls) % 2 else None))
    with pytest.raises(AssertionError):
        suite.test_the_same_proposal_gets_the_same_answer_twice(make_kit(suite.plugin))


class StoresFirst:
    """A broken plugin: its propose writes before the refusal hooks are asked, and it refuses secrets."""

    @hookimpl
    def personakit_refuse(self, text: str) -> str | None:
        return "secret" if "AKIA" in text else None

    @hookimpl
    def personakit_propose(self, kit: PersonaKit, text: str, quote: str) -> ProposeResult | None:
        kit.store.propose(text.strip(), quote, "other", kit.now())
        return None


def test_a_refused_proposal_that_was_written_breaks_it(make_kit: MakeKit, data_dir: Path) -> None:
    suite = contract(StoresFirst())
    with pytest.raises(AssertionError):
        suite.test_a_refused_proposal_is_answered_with_the_reason_and_nothing_is_written(
            make_kit(suite.plugin), data_dir
        )


class AsksFirst:
    """A broken plugin: its propose asks the refusal hooks before the text is checked, then leaves the
    answer to the default, so every reason comes out right."""

    @hookimpl
    def personakit_refuse(self, text: str) -> str | None:
        return "secret" if "AKIA" in text else None

    @hookimpl
    def personakit_propose(self, kit: PersonaKit, text: str, quote: str) -> ProposeResult | None:
        kit.refusal(text, quote)
        return None


def test_a_hook_asked_about_empty_or_too_long_text_breaks_it(make_kit: MakeKit) -> None:
    suite = contract(AsksFirst())
    with pytest.raises(AssertionError, match="empty or too-long"):
        suite.test_empty_and_too_long_text_are_refused_before_the_hook_is_asked(make_kit)


class RefusesLate:
    """A broken plugin: its propose refuses an empty quote before asking the refusal hooks."""

    @hookimpl
    def personakit_refuse(self, text: str) -> str | None:
        return "secret" if "AKIA" in text else None

    @hookimpl
    def personakit_propose(self, quote: str) -> ProposeResult | None:
        return ProposeResult(stored=False, reason="empty_quote") if not quote.strip() else None


def test_an_empty_quote_refused_before_the_hook_is_asked_breaks_it(make_kit: MakeKit) -> None:
    suite = contract(RefusesLate())
    with pytest.raises(AssertionError):
        suite.test_the_hook_is_asked_before_an_empty_quote_is_refused(make_kit(suite.plugin))


def test_a_plugin_without_a_refusal_hook_is_named(make_kit: MakeKit) -> None:
    suite = contract(SimpleNamespace(__name__="nothing_here"))
    with pytest.raises(AssertionError, match="'nothing_here' implements no personakit_refuse"):
        suite.test_a_refused_sample_gets_a_short_reason(make_kit(suite.plugin))


def test_a_suite_without_samples_says_what_to_give(make_kit: MakeKit) -> None:
    suite = contract(refuse_credentials, refused=())
    with pytest.raises(AssertionError, match="Give `refused`"):
        suite.test_a_refused_sample_gets_a_short_reason(make_kit(suite.plugin))
