"""The spine: the hooks, the plugin manager, the running kit and its boundary check, the data model
with every limit, words and redaction, and the store protocol. It imports nothing else of PersonaKit."""
