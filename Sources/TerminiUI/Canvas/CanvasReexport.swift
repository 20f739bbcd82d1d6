// The widget layer draws on the canvas and hands its input events around: whoever imports TerminiUI sees both.
@_exported import TerminiCanvas
