"""POST /api/score throughput and latency on gunicorn (2 sync workers, loopback).

Starts gunicorn on a free loopback port, sends a bounded number of requests
(the 3-player example hand) from a few client processes, and prints requests
per second and latency percentiles. Targets: >= 300 req/s, p95 < 50 ms.

    python benchmarks/web_api.py [--requests 3000] [--clients 4]
"""

from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing as mp
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HAND = {
    "rules": "pagat", "players": ["Ana", "Bo", "Chul"], "dealer": "Ana", "winner": "Bo",
    "captured": {"Ana": "1b 1r 5a 8j1 8j2 9j1 9j2",
                 "Bo": "2a 4a 8a 6r 9r 10r 3j1 3j2 4j1 4j2 5j1 5j2 6j1 6j2 7j1 11d",
                 "Chul": "3b 12b 7a 10a 2r 3r 12d 10j1 10j2 11j1"},
    "go": {"Bo": 1, "Chul": 1},
}
BODY = json.dumps(HAND).encode()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_up(port: int, timeout: float = 20) -> None:
    end = time.time() + timeout
    while time.time() < end:
        try:
            socket.create_connection(("127.0.0.1", port), 0.2).close()
            return
        except OSError:
            time.sleep(0.1)
    raise SystemExit("gunicorn did not start")


def client(port: int, count: int, out) -> None:
    times, errors = [], 0
    for _ in range(count):
        start = time.perf_counter()
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        conn.request("POST", "/api/score", BODY, {"Content-Type": "application/json"})
        resp = conn.getresponse()
        resp.read()
        conn.close()
        times.append(time.perf_counter() - start)
        errors += resp.status != 200
    out.put((times, errors))


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--requests", type=int, default=3000)
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    port = free_port()
    env = dict(os.environ, GOSTOP_SECRET_KEY="bench", PYTHONPATH=str(ROOT))
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-w", str(args.workers), "-b", f"127.0.0.1:{port}",
         "--log-level", "warning", "calculator.web:create_app()"], env=env, cwd=ROOT)
    try:
        wait_up(port)
        warm = mp.Queue()
        client(port, 50, warm)  # warm both workers
        warm.get()
        per = args.requests // args.clients
        queue: mp.Queue = mp.Queue()
        procs = [mp.Process(target=client, args=(port, per, queue)) for _ in range(args.clients)]
        start = time.perf_counter()
        for p in procs:
            p.start()
        results = [queue.get() for _ in procs]
        elapsed = time.perf_counter() - start
        for p in procs:
            p.join()
    finally:
        server.terminate()
        server.wait(10)
    times = sorted(t for r in results for t in r[0])
    errors = sum(r[1] for r in results)
    n = len(times)
    rps = n / elapsed
    p50, p95, p99 = (times[min(n - 1, int(n * q))] * 1000 for q in (0.5, 0.95, 0.99))
    print(f"POST /api/score on gunicorn ({args.workers} workers), {n} requests, "
          f"{args.clients} clients: {rps:.0f} req/s, p50 {p50:.1f} ms, p95 {p95:.1f} ms, "
          f"p99 {p99:.1f} ms, errors {errors}")
    ok = rps >= 300 and p95 < 50 and errors == 0
    print(f"api_score_rps={rps:.0f} api_score_p95_ms={p95:.1f} {'OK' if ok else 'MISSED'}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
