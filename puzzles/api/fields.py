"""Strict JSON fields: an integer is a JSON integer, a string a JSON string, a cell a pair."""

from rest_framework import serializers

MAX_CELLS = 32 * 32  # more marks than any board has cells is not a board's marks


class StrictIntegerField(serializers.IntegerField):
    """A JSON integer: not "1", not 1.0, not true (DRF's IntegerField takes all three)."""

    def to_internal_value(self, data):
        if isinstance(data, bool) or not isinstance(data, int):
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictCharField(serializers.CharField):
    """A JSON string: not 5, not true (DRF's CharField turns both into text)."""

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


def cell_field(**kwargs) -> serializers.ListField:
    """A cell: [row, col], 0-based (the level's size bounds them: checked by the service)."""
    return serializers.ListField(child=StrictIntegerField(), min_length=2, max_length=2,
                                 **kwargs)


def cells_field(help_text: str, **kwargs) -> serializers.ListField:
    return serializers.ListField(child=cell_field(), max_length=MAX_CELLS,
                                 help_text=help_text, **kwargs)


# Leaves out the optional fields whose value is None (a check's solution and token exist
# only when it solves). A comment, not a docstring: the schema would show a docstring.
class OmitNoneSerializer(serializers.Serializer):

    def to_representation(self, instance):
        data = super().to_representation(instance)
        return {name: value for name, value in data.items()
                if value is not None or self.fields[name].required}
