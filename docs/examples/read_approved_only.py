"""Show assistants approved memories only: unconfirmed proposals stay with the owner until reviewed."""

from personakit_plugin import hookimpl
from personakit_plugin.core.model import ReadResult
from personakit_plugin.default_plugins import read as default


@hookimpl
def personakit_read(kit, question: str, limit: int) -> ReadResult:
    result = default.personakit_read(kit, question, limit)
    return ReadResult(memories=[m for m in result.memories if m.confirmed], withheld=result.withheld)
