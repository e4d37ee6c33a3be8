"""make run's broker (the filesystem transport, queensgame/broker.py): a worker polling the
queue while a message is being written never takes half a message."""

import pytest
from kombu import Connection
from kombu.transport.virtual.base import Empty

from queensgame import broker


def test_a_message_being_written_is_not_yet_in_the_queue(tmp_path, monkeypatch):
    folder = tmp_path / "queue"
    folder.mkdir()
    options = {"data_folder_in": str(folder), "data_folder_out": str(folder),
               "store_processed": False}
    with Connection("filesystem://localhost/", transport="queensgame.broker:Transport",
                    transport_options=options) as connection:
        channel = connection.default_channel
        seen = []

        def dumps_while_a_worker_polls(payload):
            try:  # kombu's own transport hands the empty file over here (JSONDecodeError)
                seen.append(channel._get("queens"))
            except Empty:
                seen.append("empty")
            return '{"body": "whole"}'

        monkeypatch.setattr(broker, "dumps", dumps_while_a_worker_polls)
        channel._put("queens", {"body": "whole"})
        assert seen == ["empty"]
        assert channel._get("queens") == {"body": "whole"}
        with pytest.raises(Empty):
            channel._get("queens")
