"""A small Language Server Protocol client over stdio (JSON-RPC with Content-Length headers),
enough to drive yaml-language-server as an editor does: initialize, open a file, read the
diagnostics it publishes, ask for completions. It answers the server's own requests
(``workspace/configuration`` with the settings given, the rest with null)."""

from __future__ import annotations

import json
import queue
import subprocess
import threading
import time
from typing import Any


class LspClient:
    def __init__(self, command: list[str], settings: dict[str, Any]):
        self.settings = settings
        self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL)
        self.next_id = 0
        self.responses: dict[int, queue.Queue] = {}
        self.notifications: queue.Queue = queue.Queue()
        self.lock = threading.Lock()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    # -- wire ----------------------------------------------------------------------------------
    def _send(self, message: dict[str, Any]) -> None:
        body = json.dumps({"jsonrpc": "2.0", **message}).encode("utf-8")
        with self.lock:
            assert self.proc.stdin is not None
            self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
            self.proc.stdin.flush()

    def _read(self) -> None:
        out = self.proc.stdout
        assert out is not None
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    return
                line = line.strip()
                if not line:
                    break
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            if length is None:
                continue
            msg = json.loads(out.read(length))
            if "id" in msg and "method" in msg:  # a request of the server
                self._answer(msg)
            elif "id" in msg:
                self.responses.setdefault(msg["id"], queue.Queue()).put(msg)
            else:
                self.notifications.put(msg)

    def _answer(self, msg: dict[str, Any]) -> None:
        result: Any = None
        if msg["method"] == "workspace/configuration":
            result = [self.settings.get(item.get("section", ""), self.settings)
                      for item in msg["params"]["items"]]
        self._send({"id": msg["id"], "result": result})

    # -- calls ---------------------------------------------------------------------------------
    def request(self, method: str, params: dict[str, Any], timeout: float = 60) -> Any:
        self.next_id += 1
        rid = self.next_id
        box = self.responses.setdefault(rid, queue.Queue())
        self._send({"id": rid, "method": method, "params": params})
        msg = box.get(timeout=timeout)
        if "error" in msg:
            raise RuntimeError(f"{method}: {msg['error']}")
        return msg.get("result")

    def notify(self, method: str, params: dict[str, Any]) -> None:
        self._send({"method": method, "params": params})

    def diagnostics(self, uri: str, timeout: float = 60, settle: float = 1.5) -> list[dict]:
        """The last diagnostics published for ``uri``: wait for the first, then until none
        came for ``settle`` seconds (the server may publish again once its schema is loaded)."""
        found: list[dict] | None = None
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            wait = settle if found is not None else deadline - time.monotonic()
            try:
                msg = self.notifications.get(timeout=max(wait, 0.01))
            except queue.Empty:
                if found is not None:
                    return found
                continue
            if msg.get("method") == "textDocument/publishDiagnostics" and \
                    msg["params"]["uri"] == uri:
                found = msg["params"]["diagnostics"]
        if found is None:
            raise TimeoutError(f"no diagnostics for {uri}")
        return found

    def close(self) -> None:
        try:
            self.request("shutdown", {}, timeout=10)
            self.notify("exit", {})
            self.proc.wait(timeout=10)
        except Exception:
            self.proc.kill()
            self.proc.wait()
