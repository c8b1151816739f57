"""`personakit doctor [--json]`: check the data folder, database, plugins and MCP host configurations
(`data/doctor.py`), each finding's line as soon as it is found."""

from __future__ import annotations

import argparse
import os
import sys

from personakit_plugin.core.hookspecs import hookimpl
from personakit_plugin.owner.commands import Add
from personakit_plugin.owner.console import CommandError, data_dir, print_json, say, writing_stdout


def cmd_doctor(args: argparse.Namespace) -> None:
    """Each finding's line as soon as its check finds it (flushed: a slow host entry holds back only the
    lines after it), or, with --json, one object once every check is done."""
    from personakit_plugin.owner.data.doctor import FAIL, checks, report

    folder = data_dir(args.data_dir)
    found = []
    left_out = getattr(args, "plugins_left_out", [])  # a plugin whose commands failed: said on stderr too
    for check, finding in checks(folder, dict(os.environ), commands_left_out=left_out):
        found.append((check, finding))
        if not args.json:
            say(finding.line())
            with writing_stdout():
                sys.stdout.flush()
    if args.json:
        print_json(report(folder, found))
    failed = sum(1 for _, finding in found if finding.level == FAIL)
    if failed:
        raise CommandError(f"Doctor found {failed} problem{'' if failed == 1 else 's'}; each FAIL line says what.")


@hookimpl(tryfirst=True)
def personakit_commands(add: Add) -> None:
    """Add doctor to the command line."""
    doctor = add("doctor", cmd_doctor, "Check the data folder, database, plugins and MCP host configurations.")
    doctor.add_argument("--json", action="store_true", help="one JSON object: every check's findings")
