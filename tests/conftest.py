"""Settings shared by every test folder.

Under CI (the ``CI`` environment variable, set by the CI runner) hypothesis runs
derandomized: the same examples every run, so a landing never depends on luck.
Locally it explores new examples each run.
"""

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")
