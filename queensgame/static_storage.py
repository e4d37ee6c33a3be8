"""The static files' storage in production: WhiteNoise's compressed, hashed files, with the
imports between the ES modules rewritten to hashed names too, so every module is cached for a
year and a deploy never pairs a new module with an old import."""

from whitenoise.storage import CompressedManifestStaticFilesStorage


class StaticStorage(CompressedManifestStaticFilesStorage):
    support_js_module_import_aggregation = True
