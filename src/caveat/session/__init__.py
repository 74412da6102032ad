"""The session lifecycle: what caveat tells the model when a session starts, is
compacted or stops (SPEC §4).

- ``bootstrap``: which context files and lines a SessionStart carries;
- ``knowledge``: the knowledge-base drift line (read only, never walks a tree);
- ``marker``: small per-session marker files in the state folder (the duplicate
  SessionStart window, the once-per-session Stop latch);
- ``transcript``: reading the session transcript (the compaction advisory).

Nothing here is imported on the silent path of a tool event: only the session
guards import it, inside their ``check``.
"""
