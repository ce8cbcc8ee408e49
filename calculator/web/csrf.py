"""The app's CSRF protection (Flask-WTF). HTML forms are protected; JSON API
blueprints exempt themselves with ``csrf.exempt(bp)``."""

from flask_wtf.csrf import CSRFProtect

csrf = CSRFProtect()
