"""Error pages: JSON ``{"errors": [...]}`` under ``/api/``, an HTML page elsewhere.

No request ends in a bare traceback: HTTP errors keep their status, and an
unexpected exception is logged and answered with a short 500 message.
"""

from __future__ import annotations

from flask import Flask, jsonify, render_template, request
from flask_babel import gettext as _
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException, InternalServerError


def wants_json() -> bool:
    return request.path.startswith("/api/")


def _slug(name: str) -> str:
    return name.lower().replace(" ", "-").replace("'", "")


def error_json(status: int, code: str, message: str, field: str = ""):
    body = {"errors": [{"field": field, "code": code, "message": message}]}
    return jsonify(body), status


def handle_http(exc: HTTPException):
    status = exc.code or 500
    if status == 413:
        message = _("The request is too large (at most %(kb)d KB).", kb=64)
    elif isinstance(exc, CSRFError):
        message = _("The form expired or was sent from elsewhere. Reload the page and try again.")
    else:
        message = exc.description or exc.name
    if wants_json():
        return error_json(status, _slug(exc.name), message)
    return render_template("error.html", status=status, title=exc.name, message=message), status


def handle_unexpected(exc: Exception):
    from flask import current_app

    current_app.logger.exception("unexpected error on %s", request.path)
    return handle_http(InternalServerError())


def init_app(app: Flask) -> None:
    app.register_error_handler(HTTPException, handle_http)
    app.register_error_handler(Exception, handle_unexpected)
