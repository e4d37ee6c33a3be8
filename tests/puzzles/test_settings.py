"""The settings package: importing settings writes nothing, starting Django makes the local
folders, and starting the site generates nothing (the how-to-play pictures wait for a visit)."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def python(code: str, env: dict) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items()  # not what the test run itself sets
             if k not in ("DJANGO_SETTINGS_MODULE", "REDIS_URL", "DATABASE_URL", "SECRET_KEY",
                          "DEBUG", "SECURE_SSL_REDIRECT", "SESSION_COOKIE_SECURE",
                          "CSRF_COOKIE_SECURE")}
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env={**clean, **env},
                          capture_output=True, text=True, timeout=120)


def test_importing_the_settings_writes_nothing_and_django_setup_makes_the_folders(tmp_path):
    var = tmp_path / "var"
    env = {"DEBUG": "1", "QUEENS_VAR_DIR": str(var),
           "DJANGO_SETTINGS_MODULE": "queensgame.settings"}
    imported = python("import queensgame.settings as s; assert s.DEBUG", env)
    assert imported.returncode == 0, imported.stderr
    assert not var.exists()
    started = python("import django; django.setup()", env)
    assert started.returncode == 0, started.stderr
    assert (var / "celery" / "queue").is_dir() and (var / "staticfiles").is_dir()


def test_the_settings_switch_follows_debug(tmp_path):
    env = {"QUEENS_VAR_DIR": str(tmp_path), "DJANGO_SETTINGS_MODULE": "queensgame.settings"}
    local = python("import queensgame.settings as s; print(s.DEBUG, s.SECURE_SSL_REDIRECT)",
                   {**env, "DEBUG": "1"})
    assert local.stdout.split() == ["True", "False"], local.stderr
    production = python("import queensgame.settings as s; print(s.DEBUG, s.SECURE_SSL_REDIRECT)",
                        {**env, "DEBUG": "0", "SECRET_KEY": "k" * 30 + "abcdefghij" * 3})
    assert production.stdout.split() == ["False", "True"], production.stderr


def test_starting_the_site_generates_nothing(tmp_path):
    code = """
import django
django.setup()
import generator_ext, generator_ext.levels
def refuse(*args, **kwargs):
    raise AssertionError("generate() called at start-up")
generator_ext.generate = generator_ext.levels.generate = refuse
from django.urls import get_resolver
get_resolver().url_patterns  # imports every view module
from puzzles.web.views import guide
assert guide.example_board.cache_info().currsize == 0
print("ok")
"""
    result = python(code, {"DEBUG": "1", "QUEENS_VAR_DIR": str(tmp_path),
                           "DJANGO_SETTINGS_MODULE": "queensgame.settings"})
    assert result.stdout.strip() == "ok", result.stderr[-2000:]
