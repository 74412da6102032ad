"""The bottom layer: the only code that reaches the outside world (processes, project
and state files, the terminal, secrets in text). Everything above imports from here."""
