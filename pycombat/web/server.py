"""Starting the web page's server (``pycombat serve``): loopback only unless ``--host`` says otherwise.

>>> is_loopback("127.0.0.1"), is_loopback("localhost"), is_loopback("::1"), is_loopback("0.0.0.0")
(True, True, True, False)
>>> check_host("0.0.0.0", explicit=False)
Traceback (most recent call last):
...
pycombat.errors.PycombatError: refusing to serve on 0.0.0.0 (not this machine's loopback) without an explicit --host
"""
from __future__ import annotations

import ipaddress
import sys
import threading
import webbrowser

from ..errors import PycombatError

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8765
LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1", "[::1]")


def is_loopback(host: str) -> bool:
    if host in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def check_host(host: str, *, explicit: bool) -> str | None:
    """Refuse a host beyond the loopback unless it was asked for explicitly; the warning to print if so."""
    if is_loopback(host):
        return None
    if not explicit:
        raise PycombatError(f"refusing to serve on {host} (not this machine's loopback) without an explicit --host")
    return (f"warning: serving on {host}: anyone who can reach this machine on that address can use the page "
            "and its solver (there is no login); use the default 127.0.0.1 to keep it local")


def serve(*, host: str = DEFAULT_HOST, port: int = DEFAULT_PORT, open_browser: bool = False, explicit_host: bool = False,
          timeout: float = 60.0, max_nodes: int = 2_000_000, memory_mb: int = 1500) -> int:
    """Run the server until interrupted."""
    import uvicorn

    from .app import Settings, create_app

    warning = check_host(host, explicit=explicit_host)
    if warning:
        print(warning, file=sys.stderr)
    allowed = None
    if is_loopback(host):  # a page elsewhere must not reach this server through a DNS name of its own
        allowed = ["127.0.0.1", "localhost", "[::1]", "::1"]
    app = create_app(Settings(timeout=timeout, max_nodes=max_nodes, memory_mb=memory_mb), allowed_hosts=allowed, warm_up=True)
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{shown}:{port}/"
    print(f"pycombat: serving the web page on {url} (Ctrl-C stops)", file=sys.stderr)
    if open_browser:
        threading.Timer(1.0, webbrowser.open, args=(url,)).start()
    uvicorn.run(app, host=host, port=port, log_level="warning")
    return 0
