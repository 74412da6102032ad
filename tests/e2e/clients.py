"""How each harness CLI is run offline, and where it puts hook context.

Per client: its API family, environment, non-hook settings and command line (as the
delivery matrix found each needed, reference/delivery-matrix.md, "What each harness
needed to run offline"); the tool calls the scripted model makes for each step; how
the hook sees such a call; and the channel on which the matrix predicts the hook's
``additionalContext`` reaches the model. The hook registrations themselves are never
written here: they are what ``caveat install --harness X --project P`` wrote.
"""

from __future__ import annotations

from client import Channel
from client import Client
from client_claude import CLAUDE
from client_codex import CODEX
from client_gemini import GEMINI
from client_gemini import GEMINI_REFUSAL
from client_qwen import QWEN

__all__ = ["CLIENTS", "GEMINI_REFUSAL", "Channel", "Client"]

CLIENTS = {client.harness: client for client in (CLAUDE, CODEX, GEMINI, QWEN)}
