"""Read through the installed hook, allowed by its entry point name alone, as an assistant would."""

import tempfile

from personakit_plugin import PersonaKit

with tempfile.TemporaryDirectory() as folder:
    kit = PersonaKit.open(folder, environ={"PERSONAKIT_PLUGINS": "redact-address"})
    try:
        kit.propose("Lives in London", "I moved to 12 Baker Street, London NW1 6XE", "background")
        (memory,) = kit.read("london", 5).memories
        print(memory.evidence[0])
    finally:
        kit.close()
