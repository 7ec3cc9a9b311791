"""What every ``mlmstudio`` command's exit code means, decided in one place.

0 when it did what was asked, 1 when it tried and failed, 2 when the input was
wrong (nothing was done), 130 and 143 when Ctrl+C or SIGTERM stopped it (what a
shell reports for those signals). An error says which it is through its class's
``exit_code`` (``MLMStudioError`` is bad input; a training that had to stop, a
history that cannot be written, are failures); ``code_for`` reads it. The table
below is printed by ``mlmstudio --help`` and copied in the README.
"""

from __future__ import annotations

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130  # 128 + SIGINT
EXIT_TERMINATED = 143  # 128 + SIGTERM

TABLE = """exit codes (every command):
  0    it did what was asked
  1    it tried and failed (a training that had to stop, a sweep with no completed
       trial, a history that cannot be written, a disk that is full)
  2    bad input: nothing was done; the message says what to change
  130  stopped by Ctrl+C (143: by SIGTERM); a training keeps its last checkpoint"""


def code_for(exc: BaseException) -> int:
    """The exit code for an error whose sentence was printed: its class's ``exit_code``, else bad input."""
    code = getattr(type(exc), "exit_code", EXIT_USAGE)
    return code if isinstance(code, int) and code in (EXIT_FAILED, EXIT_USAGE) else EXIT_USAGE
