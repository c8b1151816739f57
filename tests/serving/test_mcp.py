"""The two tools over MCP, in-process with the official client: listing, schemas, annotations,
results, argument errors and JSON-RPC errors (contract: "Over MCP" and the argument rules of
"personakit_read" and "personakit_propose")."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import anyio
import msgspec
import pytest
from mcp import Client
from mcp.shared.exceptions import MCPError

from personakit_plugin import hookimpl
from personakit_plugin.core.kit import PersonaKit
from personakit_plugin.serving.server import build_server
from personakit_plugin.testing import id_of
from tests.conftest import stdio_parameters, structured

pytestmark = pytest.mark.anyio

READ = "personakit_read"
PROPOSE = "personakit_propose"
INVALID_PARAMS = -32602
METHOD_NOT_FOUND = -32601


async def tools_by_name(client: Any) -> dict[str, Any]:
    return {tool.name: tool for tool in (await client.list_tools()).tools}


def error_text(result: Any) -> str:
    """The sentence of a tool error: `isError` set and one text block."""
    assert result.is_error is True, result
    assert len(result.content) == 1
    text = result.content[0].text
    assert isinstance(text, str)
    return text


def assert_names(result: Any, argument: str) -> None:
    """A tool error that is a sentence naming `argument` and saying why."""
    text = error_text(result)
    assert re.search(rf"\b{argument}\b", text), text
    assert len(text) > len(argument) + 10, text
    assert text.rstrip().endswith("."), text


# -- listing, schemas, annotations --------------------------------------------------------------


async def test_exactly_two_tools(client: Any) -> None:
    """Over MCP: exactly two tools, `personakit_read` and `personakit_propose`."""
    tools = (await client.list_tools()).tools
    assert sorted(tool.name for tool in tools) == [PROPOSE, READ]
    assert all(tool.description for tool in tools)


async def test_read_input_schema(client: Any) -> None:
    """`question` a string of at most 4,000; `limit` an integer, default 7, clamp in the description only."""
    schema = (await tools_by_name(client))[READ].input_schema
    assert schema["type"] == "object"
    assert set(schema["properties"]) == {"question", "limit"}
    assert schema["required"] == ["question"]
    question = schema["properties"]["question"]
    assert question["type"] == "string"
    assert question["maxLength"] == 4000
    assert question["description"]
    limit = schema["properties"]["limit"]
    assert limit["type"] == "integer"
    assert limit["default"] == 7
    assert not {"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"} & set(limit)
    assert re.search(r"\b1\s*(?:-|–|to|\.\.)\s*20\b", limit["description"]), limit["description"]


async def test_propose_input_schema(client: Any) -> None:
    """`text` at most 4,000 and `quote` at most 2,000 characters, both required; `category` a string."""
    schema = (await tools_by_name(client))[PROPOSE].input_schema
    assert schema["type"] == "object"
    properties = schema["properties"]
    assert set(properties) == {"text", "quote", "category"}
    assert set(schema["required"]) == {"text", "quote"}
    assert (properties["text"]["type"], properties["text"]["maxLength"]) == ("string", 4000)
    assert (properties["quote"]["type"], properties["quote"]["maxLength"]) == ("string", 2000)
    assert properties["category"]["type"] == "string"
    for name, prop in properties.items():
        assert prop.get("description"), name


async def test_output_schemas_are_objects(client: Any) -> None:
    """Over MCP: each tool has an output schema, an object with the result's fields."""
    tools = await tools_by_name(client)
    read_schema = tools[READ].output_schema
    propose_schema = tools[PROPOSE].output_schema
    assert read_schema["type"] == "object"
    assert {"memories", "withheld", "note"} <= set(read_schema["properties"])
    assert {"memories", "withheld"} <= set(read_schema["required"])
    assert propose_schema["type"] == "object"
    assert {"stored", "id", "new", "state", "reason"} <= set(propose_schema["properties"])
    assert "stored" in propose_schema["required"]


async def test_annotations(client: Any) -> None:
    """Read: read-only and idempotent. Propose: not read-only, not destructive, idempotent."""
    tools = await tools_by_name(client)
    read = tools[READ].annotations
    assert read.read_only_hint is True
    assert read.idempotent_hint is True
    propose = tools[PROPOSE].annotations
    assert propose.read_only_hint is False
    assert propose.destructive_hint is False
    assert propose.idempotent_hint is True


async def test_server_instructions(client: Any) -> None:
    """The server tells the assistant when to use the tools."""
    assert isinstance(client.instructions, str)
    assert READ in client.instructions
    assert PROPOSE in client.instructions


# -- what the server says it offers ------------------------------------------------------------

FILL = (
    "When fewer than three memories match the question, approved memories that share no word with it fill "
    "the remaining places (up to three in all), so a returned memory is not necessarily about the question: "
    "use only those that are."
)
WITHHELD = (
    "withheld counts the memories the owner restricted that match the question: they exist but are private, "
    "so never guess or infer what they say, and you may tell the user that some memories about this are private."
)


def assert_tools_only(client: Any) -> None:
    """The capabilities declare tools, whose list never changes, and neither prompts nor resources."""
    capabilities = client.server_capabilities
    assert capabilities.tools is not None
    assert not capabilities.tools.list_changed
    assert capabilities.prompts is None
    assert capabilities.resources is None
    declared = capabilities.model_dump(by_alias=True, exclude_none=True)
    assert "prompts" not in declared and "resources" not in declared, declared


@pytest.mark.parametrize("mode", ["auto", "legacy"])
async def test_only_tools_are_declared_in_process(kit: PersonaKit, mode: str) -> None:
    """Over MCP: PersonaKit has no prompts or resources, so it declares neither (the SDK's server declares
    both by default), and asking for them is an unknown method, not an empty list."""
    async with Client(build_server(kit), mode=mode) as client:
        assert_tools_only(client)
        for ask in (client.list_prompts, client.list_resources, client.list_resource_templates):
            with pytest.raises(MCPError) as raised:
                await ask()
            assert raised.value.error.code == METHOD_NOT_FOUND
        assert sorted(tool.name for tool in (await client.list_tools()).tools) == [PROPOSE, READ]


@pytest.mark.system
@pytest.mark.parametrize("mode", ["auto", "legacy"])
async def test_only_tools_are_declared_over_stdio(data_dir: Path, mode: str) -> None:
    """The same over real stdio to `python -m personakit_plugin`, read-only mode included."""
    with anyio.fail_after(90):
        for args in ((), ("serve", "--read-only")):
            async with Client(stdio_parameters(data_dir, *args), mode=mode, read_timeout_seconds=20) as client:
                assert_tools_only(client)


async def test_read_description_says_what_fills_and_what_withheld_means(client: Any) -> None:
    """The read tool says, a sentence each, that approved memories fill up to three places when few
    match, and what withheld means for the answer."""
    description = (await tools_by_name(client))[READ].description
    assert FILL in description
    assert WITHHELD in description
    listed = (await client.list_tools()).tools
    assert [tool.description.count(FILL) for tool in listed if tool.name == READ] == [1]


async def test_read_only_instructions_speak_only_of_reading(kit: PersonaKit) -> None:
    """A read-only server offers no propose tool, so its instructions do not tell the assistant to call one."""
    async with Client(build_server(kit, read_only=True)) as client:
        assert isinstance(client.instructions, str)
        assert READ in client.instructions
        assert PROPOSE not in client.instructions


async def test_read_only_server_lists_only_read(kit: PersonaKit) -> None:
    """A read-only server lists only `personakit_read`; propose there is an unknown tool."""
    async with Client(build_server(kit, read_only=True)) as client:
        assert [tool.name for tool in (await client.list_tools()).tools] == [READ]
        with pytest.raises(MCPError) as raised:
            await client.call_tool(PROPOSE, {"text": "Prefers tea", "quote": "tea please"})
        assert raised.value.error.code == INVALID_PARAMS
        assert structured(await client.call_tool(READ, {"question": "tea"})) == {
            "memories": [],
            "withheld": 0,
        }
    assert kit.store.memories() == []


# -- results ------------------------------------------------------------------------------------


async def test_read_result_is_structured_and_the_same_json_text(kit: PersonaKit, client: Any) -> None:
    """Each result is structured content and the same JSON in one text block, keys in contract order."""
    secret = kit.propose("Drinks zanzibar tea at night", "quiet", "other").id
    assert secret is not None
    kit.store.decide(secret, "restrict", kit.now())
    approved = kit.propose("Drinks green tea", "green tea please", "preferences").id
    assert approved is not None
    kit.store.decide(approved, "approve", kit.now())
    kit.propose("Brews black tea", "black tea for me, write to kim@example.com", "preferences")
    result = await client.call_tool(READ, {"question": "tea", "limit": 5})
    content = structured(result)
    assert content == msgspec.to_builtins(kit.read("tea", 5))
    assert list(json.loads(result.content[0].text)) == ["memories", "withheld", "note"]
    assert content["withheld"] == 1
    assert [m["confirmed"] for m in content["memories"]] == [True, False]
    assert "kim" not in result.content[0].text
    assert "zanzibar" not in result.content[0].text


async def test_empty_read_over_mcp(client: Any) -> None:
    """Nothing matched and nothing approved: `{"memories": [], "withheld": 0}`."""
    result = await client.call_tool(READ, {"question": "anything"})
    assert structured(result) == {"memories": [], "withheld": 0}
    assert list(json.loads(result.content[0].text)) == ["memories", "withheld"]


async def test_propose_over_mcp(kit: PersonaKit, client: Any) -> None:
    """Propose returns its result as structured content and text; a refusal is a result, not an error."""
    text = "Prefers direct, practical feedback"
    arguments = {"text": text, "quote": "be blunt", "category": "Tools "}
    first = structured(await client.call_tool(PROPOSE, arguments))
    assert first == {"stored": True, "id": id_of(kit.store, text), "new": True, "state": "unconfirmed"}
    again = structured(await client.call_tool(PROPOSE, {"text": text.upper(), "quote": "be blunt"}))
    assert again == {"stored": True, "id": id_of(kit.store, text), "new": False, "state": "unconfirmed"}
    refused = structured(await client.call_tool(PROPOSE, {"text": "Likes tea", "quote": "  "}))
    assert refused == {"stored": False, "reason": "empty_quote"}
    memory = kit.store.get(id_of(kit.store, text))
    assert memory is not None and memory.category == "tools"


async def test_missing_category_is_other(kit: PersonaKit, client: Any) -> None:
    result = structured(await client.call_tool(PROPOSE, {"text": "Likes tea", "quote": "tea"}))
    memory = kit.store.get(result["id"])
    assert memory is not None and memory.category == "other"


# -- limit --------------------------------------------------------------------------------------

LIMITS_ACCEPTED: list[tuple[Any, int]] = [
    (7, 7),
    (1, 1),
    (20, 20),
    ("3", 3),
    ("+3", 3),
    ("007", 7),
    ("-2", 1),
    ("-0", 1),
    ("50", 20),
    (0, 1),
    (-5, 1),
    (21, 20),
    (50, 20),
    (10**20, 20),
    (2.0, 2),
    (-3.0, 1),
]


async def test_limit_accepted_and_clamped(kit: PersonaKit, client: Any) -> None:
    """`limit`: an integer, or a string of an optional sign and ASCII digits; clamped to 1..20."""
    for n in range(25):
        assert kit.propose(f"Owns bicycle {n}", "my bikes", "other").stored
    default = structured(await client.call_tool(READ, {"question": "bicycle"}))
    assert len(default["memories"]) == 7
    for given, count in LIMITS_ACCEPTED:
        result = await client.call_tool(READ, {"question": "bicycle", "limit": given})
        assert len(structured(result)["memories"]) == count, given


LIMITS_REFUSED: list[Any] = [
    True,
    False,
    2.5,
    -1.5,
    None,
    "abc",
    "\u0663",  # Arabic-Indic digit three
    "\uff13",  # full-width digit three
    " 3",
    "3 ",
    "",
    "+",
    "3.0",
    "1e3",
    "0x10",
    "3\n",
    [3],
    {"value": 3},
]


async def test_limit_of_another_kind_is_a_tool_error(client: Any) -> None:
    """`limit` as a bool, fraction, null or other text is a tool error naming `limit`."""
    for given in LIMITS_REFUSED:
        result = await client.call_tool(READ, {"question": "bicycle", "limit": given})
        assert result.is_error is True, given
        assert_names(result, "limit")


# -- question -----------------------------------------------------------------------------------


async def test_question_of_4000_characters_is_accepted(client: Any) -> None:
    result = await client.call_tool(READ, {"question": "why " * 1000})
    assert structured(result) == {"memories": [], "withheld": 0}


BAD_QUESTIONS: list[dict[str, Any]] = [
    {"question": "q" * 4001},
    {"question": "why " * 1000 + "x"},
    {},
    {"limit": 3},
    {"question": 5},
    {"question": None},
    {"question": True},
    {"question": ["why"]},
    {"question": {"text": "why"}},
]


async def test_bad_question_is_a_tool_error(client: Any) -> None:
    """`question` over 4,000 characters, missing or not a string: a tool error naming `question`."""
    for arguments in BAD_QUESTIONS:
        result = await client.call_tool(READ, arguments)
        assert result.is_error is True, arguments
        assert_names(result, "question")


# -- propose arguments --------------------------------------------------------------------------


BAD_PROPOSALS: list[tuple[dict[str, Any], str]] = [
    ({"text": "a" * 4001, "quote": "tea"}, "text"),
    ({"text": "Likes tea", "quote": "q" * 2001}, "quote"),
    ({"text": "Likes tea", "quote": "tea", "category": 5}, "category"),
    ({"text": "Likes tea", "quote": "tea", "category": ["tools"]}, "category"),
    ({"text": "Likes tea", "quote": "tea", "category": True}, "category"),
    ({"quote": "tea"}, "text"),
    ({"text": "Likes tea"}, "quote"),
    ({"text": 123, "quote": "tea"}, "text"),
    ({"text": None, "quote": "tea"}, "text"),
    ({"text": ["Likes tea"], "quote": "tea"}, "text"),
    ({"text": "Likes tea", "quote": None}, "quote"),
    ({"text": "Likes tea", "quote": {"said": "tea"}}, "quote"),
]


async def test_bad_propose_arguments_are_tool_errors(kit: PersonaKit, client: Any) -> None:
    """Argument checks come first and are tool errors naming the argument; nothing is stored."""
    for arguments, argument in BAD_PROPOSALS:
        result = await client.call_tool(PROPOSE, arguments)
        assert result.is_error is True, arguments
        assert_names(result, argument)
    assert kit.store.memories() == []


async def test_bounds_are_inclusive(client: Any) -> None:
    """`text` of exactly 4,000 reaches the refusal checks (too_long); `quote` of exactly 2,000 is stored."""
    long_text = structured(await client.call_tool(PROPOSE, {"text": "a" * 4000, "quote": "tea"}))
    assert long_text == {"stored": False, "reason": "too_long"}
    quote = ("The owner said so. " * 120)[:2000]
    long_quote = structured(await client.call_tool(PROPOSE, {"text": "Likes tea", "quote": quote}))
    assert long_quote["stored"] is True


# -- JSON-RPC errors and staying up -------------------------------------------------------------


async def test_unknown_tool_is_invalid_params(client: Any) -> None:
    """An unknown tool is the JSON-RPC error -32602, not a tool result."""
    with pytest.raises(MCPError) as raised:
        await client.call_tool("personakit_forget", {"id": "m_000000000000"})
    assert raised.value.error.code == INVALID_PARAMS
    assert raised.value.code == INVALID_PARAMS


async def test_server_keeps_answering_after_errors(kit: PersonaKit, client: Any) -> None:
    """The server never dies on bad input: after errors of every kind it still lists, reads and stores."""
    assert (await client.call_tool(READ, {"question": 5})).is_error
    assert (await client.call_tool(READ, {"question": "x", "limit": "abc"})).is_error
    assert (await client.call_tool(PROPOSE, {"text": {"deep": [1, 2]}, "quote": "q"})).is_error
    for name in ("nope", "", "personakit_read "):
        with pytest.raises(MCPError):
            await client.call_tool(name, {})
    assert len((await client.list_tools()).tools) == 2
    stored = structured(await client.call_tool(PROPOSE, {"text": "Prefers tea", "quote": "tea please"}))
    assert stored["stored"] is True
    read = structured(await client.call_tool(READ, {"question": "tea"}))
    assert [m["id"] for m in read["memories"]] == [stored["id"]]


# -- a plugin that fails: one sentence for the assistant, the reason in the owner's log ------------

SECRET = "falconry at the Zanzibar club, write to ann@example.org"
"""What a broken plugin puts in its error message: the owner's words and an address."""
READ_FAILED = "PersonaKit could not answer this read: a plugin failed; the owner can see why in the server's log."
PROPOSE_FAILED = "PersonaKit could not take this proposal: a plugin failed; the owner can see why in the server's log."


def raising(hook: str) -> object:
    """A plugin named Exploding whose `hook` raises with SECRET in its message."""

    def fail(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError(f"cannot go on: {SECRET}")

    fail.__name__ = hook
    return type("Exploding", (), {hook: staticmethod(hookimpl(fail))})()


def assert_generic(result: Any, sentence: str) -> None:
    assert result.is_error is True
    assert [block.text for block in result.content] == [sentence]


@pytest.mark.parametrize("hook", ["personakit_read", "personakit_rank", "personakit_redact"])
async def test_a_plugin_failing_in_a_read_gives_the_assistant_one_sentence(
    make_kit: Any, caplog: pytest.LogCaptureFixture, hook: str
) -> None:
    """Over MCP: the assistant gets a fixed sentence, not the plugin's message (which may quote the
    owner); the owner's log names the plugin, the hook and the exception's type, never its text."""
    kit = make_kit(raising(hook))
    proposed = kit.propose("Drinks green tea", "green tea please", "preferences")
    assert proposed.id is not None
    # Approved, so that its words are keyed as they are (an unconfirmed text a redaction hook fails on is
    # keyed by no word) and the read needs the hook for its quote.
    kit.store.decide(proposed.id, "approve", kit.now())
    async with Client(build_server(kit)) as client:
        assert_generic(await client.call_tool("personakit_read", {"question": "tea"}), READ_FAILED)
        proposed = structured(await client.call_tool("personakit_propose", {"text": "Likes jam", "quote": "jam!"}))
        assert proposed["stored"] is True  # still serving
    assert_logged_without_text(caplog.text, hook)


def assert_logged_without_text(log: str, hook: str) -> None:
    assert f"'Exploding' failed in {hook} (RuntimeError)" in log, log
    assert SECRET not in log and "cannot go on" not in log and "Zanzibar" not in log, log


@pytest.mark.parametrize("hook", ["personakit_rank", "personakit_refuse"])
async def test_with_the_owners_opt_in_the_log_has_the_details(
    make_kit: Any, caplog: pytest.LogCaptureFixture, hook: str
) -> None:
    """`PERSONAKIT_LOG_DETAILS=1`: a warning when the tools are mounted, then the exception's text and
    its traceback in the log; the assistant still gets the fixed sentence."""
    kit = make_kit(raising(hook), environ={"PERSONAKIT_PLUGINS": "", "PERSONAKIT_LOG_DETAILS": "1"})
    tool, arguments = ("personakit_propose", {"text": "Likes jam", "quote": "jam!"})
    if hook == "personakit_rank":
        kit.propose("Drinks green tea", "green tea please", "preferences")
        tool, arguments = ("personakit_read", {"question": "tea"})
    async with Client(build_server(kit)) as client:
        assert "PERSONAKIT_LOG_DETAILS is set" in caplog.text and "what the owner said" in caplog.text
        assert_generic(await client.call_tool(tool, arguments), READ_FAILED if tool == READ else PROPOSE_FAILED)
    assert f"'Exploding' failed in {hook} (RuntimeError: cannot go on: {SECRET})." in caplog.text
    assert "Traceback (most recent call last)" in caplog.text


@pytest.mark.parametrize("hook", ["personakit_propose", "personakit_refuse"])
async def test_a_plugin_failing_in_a_proposal_gives_the_assistant_one_sentence(
    make_kit: Any, caplog: pytest.LogCaptureFixture, hook: str
) -> None:
    kit = make_kit(raising(hook))
    async with Client(build_server(kit)) as client:
        arguments = {"text": "Likes jam", "quote": "jam!"}
        assert_generic(await client.call_tool("personakit_propose", arguments), PROPOSE_FAILED)
    assert_logged_without_text(caplog.text, hook)
    assert "PERSONAKIT_LOG_DETAILS" not in caplog.text  # no warning without the opt-in


async def test_a_store_failing_in_a_read_gives_the_assistant_one_sentence(
    make_kit: Any, caplog: pytest.LogCaptureFixture, tmp_path: Any
) -> None:
    from personakit_plugin.core.store import StoreError
    from personakit_plugin.storage.sqlite import SqliteStore

    class Failing(SqliteStore):
        def top_matches(self, words: frozenset[str], limit: int, view: Any = None) -> Any:
            raise StoreError(f"The page holding {SECRET} is damaged.")

    class FailingStore:
        @hookimpl
        def personakit_store(self) -> SqliteStore:
            return Failing.open(tmp_path / "failing")

    kit = make_kit(FailingStore())
    async with Client(build_server(kit)) as client:
        result = await client.call_tool("personakit_read", {"question": "tea"})
    assert_generic(result, READ_FAILED.replace("a plugin", "the memory's store"))
    assert "the memory's store raised StoreError at test_mcp.py:" in caplog.text and "in top_matches" in caplog.text
    assert SECRET not in caplog.text and "damaged" not in caplog.text


async def test_a_failure_inside_personakit_is_logged_by_type_and_line_not_by_its_text(
    make_kit: Any, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An exception that is no plugin's (here one a broken helper raises with stored text in it): its
    type and where it was raised, not its text; with the owner's opt-in, the traceback and text."""
    kit = make_kit()

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise KeyError(SECRET)

    monkeypatch.setattr(kit, "read", broken)
    async with Client(build_server(kit)) as client:
        result = await client.call_tool("personakit_read", {"question": "tea"})
    assert_generic(result, READ_FAILED.replace("a plugin", "something inside PersonaKit"))
    assert "something inside PersonaKit raised KeyError at test_mcp.py:" in caplog.text and "in broken" in caplog.text
    assert SECRET not in caplog.text and "Zanzibar" not in caplog.text
    caplog.clear()
    detailed = make_kit(environ={"PERSONAKIT_PLUGINS": "", "PERSONAKIT_LOG_DETAILS": "yes"})
    monkeypatch.setattr(detailed, "read", broken)
    async with Client(build_server(detailed)) as client:
        await client.call_tool("personakit_read", {"question": "tea"})
    assert "Traceback (most recent call last)" in caplog.text and "Zanzibar" in caplog.text
