"""Show assistants approved memories only: unconfirmed proposals stay with the owner until reviewed."""

from personakit_plugin import ReadResult, default_read, hookimpl


@hookimpl
def personakit_read(kit, question: str, limit: int, request) -> ReadResult:
    result = default_read(kit, question, limit, request)
    return ReadResult(memories=[m for m in result.memories if m.confirmed], withheld=result.withheld)
