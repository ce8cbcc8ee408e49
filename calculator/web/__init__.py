"""The web layer: a Flask app factory, blueprints, WTForms forms and the JSON API.

Only this package knows about HTTP. It calls the pure core (``calculator.score``,
``calculator.scoring.score_pile``) and never scores anything itself.

Configuration comes from the environment: every ``GOSTOP_<NAME>`` variable
becomes ``app.config[<NAME>]`` (``GOSTOP_SECRET_KEY``, ``GOSTOP_DATABASE_URL``…;
values that parse as JSON are decoded). ``GOSTOP_INSTANCE_PATH`` moves the
instance folder. Without a configured secret key, one is generated once and
kept in ``<instance>/secret_key``.

Blueprints are listed in ``BLUEPRINTS`` (``"module:attribute"``). A listed module
may also define ``init_app(app)``, called before its blueprint is registered.
"""

from __future__ import annotations

import importlib
import os
import secrets
from pathlib import Path
from typing import Any, Mapping

from flask import Flask

#: Blueprints registered by ``create_app``, in order. Add new pages here.
BLUEPRINTS: list[str] = [
    "calculator.web.pages:bp",
    "calculator.web.api:bp",
    "calculator.web.games:bp",
]

#: Links in the top navigation: (endpoint, label). Shown when the endpoint exists.
NAV_LINKS: list[tuple[str, Any]] = []

#: Largest request body accepted (bytes): bigger bodies get 413.
MAX_BODY = 64 * 1024

_PACKAGE = Path(__file__).resolve().parents[1]  # .../calculator
_REPO = _PACKAGE.parent


def resource_dir(name: str) -> Path:
    """Top-level ``templates`` or ``static``: inside the installed package (wheel)
    first, else the checkout's top level."""
    for base in (_PACKAGE, _REPO):
        candidate = base / name
        if candidate.is_dir():
            return candidate
    return _REPO / name


def create_app(test_config: Mapping[str, Any] | None = None) -> Flask:
    """Build the Flask app. ``test_config`` overrides everything else."""
    instance_path = os.environ.get("GOSTOP_INSTANCE_PATH")
    app = Flask(
        __name__,
        instance_path=str(Path(instance_path).resolve()) if instance_path else None,
        instance_relative_config=True,
        template_folder=str(resource_dir("templates")),
        static_folder=str(resource_dir("static")),
    )
    app.config.from_mapping(
        MAX_CONTENT_LENGTH=MAX_BODY,
        MAX_FORM_MEMORY_SIZE=MAX_BODY,
        WTF_CSRF_TIME_LIMIT=None,
        SEND_FILE_MAX_AGE_DEFAULT=3600,
        SESSION_COOKIE_SAMESITE="Lax",
        JSON_SORT_KEYS=False,
    )
    app.config.from_prefixed_env("GOSTOP")
    if test_config is not None:
        app.config.from_mapping(test_config)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _instance_secret(Path(app.instance_path))
    elif not isinstance(app.config["SECRET_KEY"], (str, bytes)):  # GOSTOP_SECRET_KEY=12345
        app.config["SECRET_KEY"] = str(app.config["SECRET_KEY"])

    from flask_compress import Compress

    from . import errors, i18n
    from .csrf import csrf

    app.config.setdefault("COMPRESS_MIMETYPES", [
        "text/html", "text/css", "text/javascript", "application/javascript",
        "image/svg+xml", "application/json"])
    app.config.setdefault("COMPRESS_ALGORITHM", ["gzip"])
    Compress(app)
    csrf.init_app(app)
    i18n.init_app(app)
    errors.init_app(app)
    if not NAV_LINKS:
        from flask_babel import lazy_gettext as _l

        NAV_LINKS.append(("pages.hand", _l("Hand")))

    def nav_links() -> list[tuple[str, Any]]:
        return [(e, label) for e, label in NAV_LINKS if e in app.view_functions]

    app.jinja_env.globals["nav_links"] = nav_links
    for dotted in BLUEPRINTS:
        module_name, _, attr = dotted.partition(":")
        module = importlib.import_module(module_name)
        if hasattr(module, "init_app"):
            module.init_app(app)
        app.register_blueprint(getattr(module, attr or "bp"))
    return app


def _instance_secret(instance: Path) -> str:
    """Read ``<instance>/secret_key``, creating it (mode 0600) the first time.

    Creation is atomic (write a private file, then hard-link it into place), so
    several worker processes starting together agree on one key.
    """
    path = instance / "secret_key"
    if not path.exists():
        instance.mkdir(parents=True, exist_ok=True)
        tmp = instance / f".secret_key.{os.getpid()}.{secrets.token_hex(4)}"
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as fh:
            fh.write(secrets.token_hex(32) + "\n")
        try:
            os.link(tmp, path)
        except FileExistsError:
            pass  # another process won the race: use its key
        finally:
            tmp.unlink()
    key = path.read_text().strip()
    if not key:
        raise RuntimeError(f"{path} is empty: delete it or set GOSTOP_SECRET_KEY")
    return key


def serve(host: str = "127.0.0.1", port: int = 5000, threads: int = 8) -> None:
    """Run the app with the waitress WSGI server (blocks until interrupted)."""
    from waitress import serve as waitress_serve

    app = create_app()
    print(f"Go-Stop calculator on http://{host}:{port}/", flush=True)
    waitress_serve(app, host=host, port=port, threads=threads)
