"""The newest usage record is read from the transcript's tail, per harness format."""

from __future__ import annotations

import json
import os
import subprocess

import pytest

from caveat.guards.compaction import transcript


def claude_assistant(inp, read, create, *, sidechain=False, output=12):
    return {
        "parentUuid": "4d1f",
        "isSidechain": sidechain,
        "userType": "external",
        "cwd": "/work/project",
        "sessionId": "cf09c480-77f9-4667-bf7d-0e54bd0554a2",
        "version": "2.0.14",
        "type": "assistant",
        "uuid": "9a2e",
        "timestamp": "2025-11-30T00:16:55.000Z",
        "message": {
            "id": "msg_01",
            "type": "message",
            "role": "assistant",
            "model": "claude-sonnet-4-5",
            "content": [{"type": "text", "text": "Done."}],
            "stop_reason": "end_turn",
            "usage": {
                "input_tokens": inp,
                "cache_creation_input_tokens": create,
                "cache_read_input_tokens": read,
                "cache_creation": {"ephemeral_5m_input_tokens": create},
                "output_tokens": output,
                "service_tier": "standard",
            },
        },
    }


def claude_user(text):
    return {
        "type": "user",
        "message": {"role": "user", "content": [{"type": "tool_result", "content": text}]},
        "toolUseResult": {"stdout": text, "usage": {"input_tokens": 999_999}},
    }


def codex_token_count(last_input, cached, total_input):
    return {
        "timestamp": "2025-11-30T00:17:01.000Z",
        "type": "event_msg",
        "payload": {
            "type": "token_count",
            "info": {
                "total_token_usage": {
                    "input_tokens": total_input,
                    "cached_input_tokens": cached,
                    "output_tokens": 900,
                    "reasoning_output_tokens": 300,
                    "total_tokens": total_input + 900,
                },
                "last_token_usage": {
                    "input_tokens": last_input,
                    "cached_input_tokens": cached,
                    "output_tokens": 40,
                    "reasoning_output_tokens": 0,
                    "total_tokens": last_input + 40,
                },
                "model_context_window": 272000,
            },
            "rate_limits": {"primary": {"used_percent": 7.0, "window_minutes": 300}},
        },
    }


def gemini_message(inp, cached):
    return {
        "id": "b3c1",
        "timestamp": "2025-11-30T00:17:07.699Z",
        "type": "gemini",
        "content": "I wrote the file.",
        "thoughts": [],
        "tokens": {
            "input": inp,
            "output": 20,
            "cached": cached,
            "thoughts": 5,
            "tool": 0,
            "total": inp + 25,
        },
        "model": "gemini-2.5-pro",
    }


def write_jsonl(path, records, tail=""):
    with open(path, "w", encoding="utf-8") as handle:
        for record in records:
            handle.write((record if isinstance(record, str) else json.dumps(record)) + "\n")
        handle.write(tail)
    return str(path)


def test_claude_newest_assistant_usage_wins(tmp_path):
    path = write_jsonl(
        tmp_path / "t.jsonl",
        [
            {"type": "summary", "summary": "x"},
            claude_assistant(3, 10_000, 2_000),
            claude_user("ok"),
            claude_assistant(5, 40_000, 1_500),
            claude_user("output"),  # a tool result with a nested usage: not the context
        ],
    )
    assert transcript.context_tokens(path) == 41_505


def test_claude_sidechain_and_zero_usage_are_skipped(tmp_path):
    path = write_jsonl(
        tmp_path / "t.jsonl",
        [
            claude_assistant(1, 20_000, 0),
            claude_assistant(1, 90_000, 0, sidechain=True),
            claude_assistant(0, 0, 0, output=0),  # synthetic API-error message
        ],
    )
    assert transcript.context_tokens(path) == 20_001


def test_codex_last_token_usage_not_the_cumulative_total(tmp_path):
    path = write_jsonl(
        tmp_path / "rollout.jsonl",
        [
            {"type": "session_meta", "payload": {"id": "01a2", "cwd": "/p"}},
            codex_token_count(30_000, 20_000, 30_000),
            {"type": "response_item", "payload": {"type": "message", "role": "assistant"}},
            codex_token_count(52_000, 48_000, 82_000),
            {"type": "event_msg", "payload": {"type": "token_count", "info": None}},
        ],
    )
    assert transcript.context_tokens(path) == 52_000


def codex_usage_record(response_input, turn_input):
    usage = {"input_tokens": response_input, "cached_input_tokens": 0, "output_tokens": 1}
    return {
        "timestamp": "2026-12-01T15:50:28.369Z",
        "type": "token_usage_record",
        "payload": {
            "response_id": "resp_0002",
            "usage": usage,
            "turn_token_usage": {**usage, "input_tokens": turn_input},
            "thread_token_usage": {**usage, "input_tokens": turn_input},
        },
    }


def test_codex_usage_record_before_the_tools_output(tmp_path):
    """Codex 0.169 writes the response's usage record before running the tool, and
    the token_count event only after the tool's output: while the post-tool hook
    runs, the newest usage is in the record, not in token_count."""
    path = write_jsonl(
        tmp_path / "rollout.jsonl",
        [
            {"type": "response_item", "payload": {"type": "custom_tool_call"}},
            codex_usage_record(1_000, 1_000),
            {"type": "response_item", "payload": {"type": "custom_tool_call_output"}},
            codex_token_count(1_000, 0, 1_000),
            {"type": "response_item", "payload": {"type": "custom_tool_call"}},
            codex_usage_record(25_000, 26_000),
        ],
    )
    assert transcript.context_tokens(path) == 25_000


def test_codex_usage_record_without_usage_is_skipped(tmp_path):
    broken = {"type": "token_usage_record", "payload": {"usage": None}}
    path = write_jsonl(tmp_path / "rollout.jsonl", [codex_token_count(7_000, 0, 7_000), broken])
    assert transcript.context_tokens(path) == 7_000


def test_gemini_jsonl_records(tmp_path):
    path = write_jsonl(
        tmp_path / "session-2025-11-30T00-17-61a59254.jsonl",
        [
            {"sessionId": "61a59254", "projectHash": "ab", "startTime": "2025-11-30"},
            {"id": "u1", "type": "user", "content": 'say "tokens": {"input": 7, "total": 7}'},
            gemini_message(12_000, 4_000),
            {"$set": {"lastUpdated": "2025-11-30T00:17:08Z"}},
            gemini_message(18_500, 9_000),
            {"$set": {"lastUpdated": "2025-11-30T00:17:09Z"}},
        ],
    )
    assert transcript.context_tokens(path) == 18_500


def test_gemini_legacy_pretty_json_document(tmp_path):
    document = {
        "sessionId": "61a59254",
        "projectHash": "ab",
        "messages": [gemini_message(9_000, 0), gemini_message(21_000, 3_000)],
    }
    path = tmp_path / "session-2025-11-30T00-17-61a59254.json"
    path.write_text(json.dumps(document, indent=2))
    assert transcript.context_tokens(str(path)) == 21_000


def test_qwen_usage_metadata(tmp_path):
    record = {
        "uuid": "a1",
        "sessionId": "6f77",
        "type": "assistant",
        "message": {"role": "model", "parts": [{"text": "done"}]},
        "usageMetadata": {
            "promptTokenCount": 33_000,
            "candidatesTokenCount": 20,
            "cachedContentTokenCount": 30_000,
            "totalTokenCount": 33_020,
        },
    }
    path = write_jsonl(tmp_path / "6f77.jsonl", [record])
    assert transcript.context_tokens(path) == 33_000


def test_malformed_lines_are_skipped(tmp_path):
    path = write_jsonl(
        tmp_path / "t.jsonl",
        [
            claude_assistant(2, 7_000, 0),
            '{"type": "assistant", "message": {"usage": {"input_tokens": 5',  # cut short
            '"usage" but not json',
            "[1, 2, 3]",
        ],
    )
    assert transcript.context_tokens(path) == 7_002


def test_truncated_last_line_falls_back_to_the_one_before(tmp_path):
    whole = json.dumps(claude_assistant(1, 5_000, 0))
    cut = json.dumps(claude_assistant(1, 80_000, 0))[:-20]
    path = write_jsonl(tmp_path / "t.jsonl", [whole], tail=cut)
    assert transcript.context_tokens(path) == 5_001


@pytest.mark.parametrize(
    "content",
    [b"", b"\n\n", b"\x00\x01\x02\xff" * 5000, b"plain text\nno usage here\n"],
    ids=["empty", "blank", "binary", "text"],
)
def test_unusable_content_gives_none(tmp_path, content):
    path = tmp_path / "t.jsonl"
    path.write_bytes(content)
    assert transcript.context_tokens(str(path)) is None


def test_missing_folder_and_odd_paths_give_none(tmp_path):
    assert transcript.context_tokens(str(tmp_path / "absent.jsonl")) is None
    assert transcript.context_tokens(str(tmp_path)) is None
    assert transcript.context_tokens("") is None
    assert transcript.context_tokens("bad\x00path") is None


def test_fifo_is_not_read(tmp_path):
    fifo = tmp_path / "pipe.jsonl"
    os.mkfifo(fifo)
    assert transcript.context_tokens(str(fifo)) is None


def test_only_the_tail_is_read(tmp_path, monkeypatch):
    # 4 MiB of older records, then the newest usage: far less than the file is read.
    filler = json.dumps(claude_user("x" * 1000))
    records = [claude_assistant(1, 1_000, 0)] + [filler] * 4000 + [claude_assistant(1, 9_000, 0)]
    path = write_jsonl(tmp_path / "big.jsonl", records)
    assert os.path.getsize(path) > 4 << 20
    read = []
    real = os.read

    def counting(fd, size):
        data = real(fd, size)
        read.append(len(data))
        return data

    monkeypatch.setattr(os, "read", counting)
    assert transcript.context_tokens(path) == 9_001
    assert sum(read) <= transcript.CHUNK


def test_usage_beyond_the_window_is_not_found(tmp_path, monkeypatch):
    filler = json.dumps(claude_user("x" * 1000))
    path = write_jsonl(tmp_path / "big.jsonl", [claude_assistant(1, 1_000, 0)] + [filler] * 200)
    monkeypatch.setattr(transcript, "TAIL_LIMIT", 64 * 1024)
    assert transcript.context_tokens(path) is None
    assert transcript.context_tokens(path, limit=1 << 30) == 1_001


def test_a_line_longer_than_a_chunk_is_read_whole(tmp_path, monkeypatch):
    monkeypatch.setattr(transcript, "CHUNK", 1024)
    big = claude_assistant(1, 6_000, 0)
    big["message"]["content"][0]["text"] = "y" * 10_000
    path = write_jsonl(tmp_path / "t.jsonl", [big, claude_user("z" * 3000)])
    assert transcript.context_tokens(path) == 6_001


def test_sparse_two_gigabyte_file_is_cheap(tmp_path, monkeypatch):
    path = tmp_path / "sparse.jsonl"
    subprocess.run(["truncate", "-s", "2G", str(path)], check=True)
    read = []
    real = os.read

    def counting(fd, size):
        data = real(fd, size)
        read.append(len(data))
        return data

    monkeypatch.setattr(os, "read", counting)
    assert transcript.context_tokens(str(path)) is None
    assert sum(read) <= transcript.TAIL_LIMIT


def test_sparse_file_with_a_record_at_its_end(tmp_path):
    path = tmp_path / "sparse.jsonl"
    subprocess.run(["truncate", "-s", "2G", str(path)], check=True)
    with open(path, "ab") as handle:
        handle.write(b"\n" + json.dumps(claude_assistant(4, 120_000, 6_000)).encode() + b"\n")
    assert transcript.context_tokens(str(path)) == 126_004
