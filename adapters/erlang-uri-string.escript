#!/usr/bin/env escript
%% -*- erlang -*-
%%! -noshell
%%
%% rfc1808 adapter for Erlang/OTP's uri_string (Debian's erlang-base):
%% `uri_string:resolve(Relative, Base)`, which "converts a RefURI reference
%% that might be relative to a given base URI into the parsed components of
%% the reference's target, which is then recomposed", following RFC 3986
%% (the module's documentation: "functions for parsing and handling URIs
%% (RFC 3986)"). Both are given as UTF-8 binaries, so the result is one too.
%% An `{error, Atom, Term}` return is a rejection, written
%% "Atom: Term"; so is anything uri_string raises.
%%
%%     escript adapters/erlang-uri-string.escript              # jsonl (also: --jsonl)
%%     escript adapters/erlang-uri-string.escript --lines      # lines
%%     escript adapters/erlang-uri-string.escript BASE REL     # argv
%%
%% Needs only Erlang/OTP 21 or later. OTP 25 has no JSON module, so this file
%% has its own reader of the protocol's requests (any key order, unknown keys
%% skipped whatever they hold, every escape decoded, surrogate pairs joined,
%% a lone surrogate refused) and writer of its answers; each request line is
%% checked to be UTF-8 first.
-mode(compile).

-define(NAME, <<"erlang-uri-string">>).

main(Args) ->
    %% Raw bytes in and out, whatever the locale: lines are decoded here.
    ok = io:setopts(standard_io, [binary, {encoding, latin1}]),
    case Args of
        [] -> jsonl(1);
        ["--jsonl"] -> jsonl(1);
        ["--lines"] -> lines(1);
        [Base, Relative] -> argv(Base, Relative);
        _ ->
            file:write(standard_error, "usage: erlang-uri-string [--jsonl | --lines | BASE RELATIVE]\n"),
            halt(2)
    end.

%% ---- The library -----------------------------------------------------------

%% {ok, Result} or {error, Message}, both binaries.
resolve(Base, Relative) ->
    try uri_string:resolve(Relative, Base) of
        {error, Reason, Term} -> {error, format("~p: ~0tp", [Reason, Term])};
        Result when is_binary(Result) ->
            case is_utf8(Result) of
                true -> {ok, Result};
                false -> {error, format("adapter: the library's answer is not UTF-8: ~0p", [Result])}
            end;
        Other -> {error, format("adapter: uri_string:resolve returned ~0tp", [Other])}
    catch
        Class:Reason -> {error, format("~p: ~0tp", [Class, Reason])}
    end.

version() ->
    _ = application:load(stdlib),
    {ok, Stdlib} = application:get_key(stdlib, vsn),
    list_to_binary(["stdlib ", Stdlib, " (OTP ", erlang:system_info(otp_release), ")"]).

%% Writes the bytes as they are.
put(IoData) -> ok = file:write(standard_io, IoData).

format(Format, Args) ->
    unicode:characters_to_binary(io_lib:format(Format, Args)).

%% ---- The three protocols ---------------------------------------------------

argv(Base, Relative) ->
    %% escript's arguments are the bytes given; they are taken as UTF-8.
    B = list_to_binary(Base),
    R = list_to_binary(Relative),
    case resolve(B, R) of
        {ok, Result} ->
            put([Result, $\n]),
            halt(0);
        {error, Message} ->
            file:write(standard_error, [Message, $\n]),
            halt(1)
    end.

read_line() ->
    %% file:read_line, not io:get_line: the io server would decode the
    %% bytes as Latin-1 and hand back UTF-8, hiding a line that is not UTF-8.
    case file:read_line(standard_io) of
        {ok, Line} -> strip_eol(Line);
        _ -> eof
    end.

strip_eol(Line) ->
    case binary:last(<<0, Line/binary>>) of
        $\n -> strip_cr(binary:part(Line, 0, byte_size(Line) - 1));
        _ -> strip_cr(Line)
    end.

strip_cr(<<>>) -> <<>>;
strip_cr(Line) ->
    case binary:last(Line) of
        $\r -> binary:part(Line, 0, byte_size(Line) - 1);
        _ -> Line
    end.

is_utf8(Bin) -> is_binary(unicode:characters_to_binary(Bin, utf8, utf8)).

is_hex(C) -> (C >= $0 andalso C =< $9) orelse (C >= $a andalso C =< $f) orelse (C >= $A andalso C =< $F).

jsonl(N) ->
    case read_line() of
        eof -> halt(0);
        Line ->
            case is_utf8(Line) of
                false ->
                    error_answer(<<"null">>, format("adapter: line ~b: the request is not UTF-8", [N])),
                    jsonl(N + 1);
                true ->
                    case answer(Line, N) of
                        stop -> halt(0);
                        Answer -> put([Answer, $\n]), jsonl(N + 1)
                    end
            end
    end.

answer(Line, N) ->
    try parse_request(Line) of
        Request ->
            Id = maps:get(<<"id">>, Request, <<"null">>),
            case maps:get(<<"type">>, Request, undefined) of
                {string, <<"stop">>} -> stop;
                {string, <<"start">>} ->
                    [<<"{\"type\":\"started\",\"version\":1,\"name\":">>, quote(?NAME),
                     <<",\"implementation_version\":">>, quote(version()),
                     <<",\"language\":\"erlang\",\"spec\":\"RFC 3986\"}">>];
                {string, <<"resolve">>} ->
                    case {maps:get(<<"base">>, Request, none), maps:get(<<"relative">>, Request, none)} of
                        {{string, Base}, {string, Relative}} ->
                            case resolve(Base, Relative) of
                                {ok, Result} -> [<<"{\"id\":">>, raw(Id), <<",\"result\":">>, quote(Result), $}];
                                {error, Message} -> error_text(Id, Message)
                            end;
                        _ ->
                            error_text(Id, format("adapter: line ~b: a resolve request needs string `base` and `relative`", [N]))
                    end;
                {string, Other} ->
                    error_text(Id, [<<"adapter: line ">>, integer_to_binary(N), <<": unknown request type ">>, quote(Other)]);
                _ ->
                    error_text(Id, format("adapter: line ~b: the request has no string `type`", [N]))
            end
    catch
        throw:{json, What, At} ->
            error_text(<<"null">>, format("adapter: line ~b: not a JSON request: ~s at byte ~b", [N, What, At]))
    end.

raw({raw, Text}) -> Text;
raw({string, S}) -> quote(S);
raw(Text) when is_binary(Text) -> Text.

error_text(Id, Message) ->
    [<<"{\"id\":">>, raw(Id), <<",\"error\":">>, quote(iolist_to_binary(Message)), $}].

error_answer(Id, Message) ->
    put([error_text(Id, Message), $\n]).

lines(N) ->
    case read_line() of
        eof -> halt(0);
        Line ->
            Out = case binary:split(Line, <<"\t">>) of
                      [_] -> format("\tadapter: line ~b: a request without a TAB", [N]);
                      [Base, Relative] ->
                          case is_utf8(Line) of
                              false -> format("\tadapter: line ~b: the request is not UTF-8", [N]);
                              true ->
                                  case resolve(Base, Relative) of
                                      {error, Message} ->
                                          [$\t, binary:replace(Message, [<<"\r">>, <<"\n">>], <<" ">>, [global])];
                                      {ok, Result} ->
                                          case binary:match(Result, [<<"\r">>, <<"\n">>]) =/= nomatch
                                              orelse binary:first(<<Result/binary, 0>>) =:= $\t of
                                              true -> <<"\tadapter: the result cannot be sent as a line">>;
                                              false -> Result
                                          end
                                  end
                          end
                  end,
            put([Out, $\n]),
            lines(N + 1)
    end.

%% ---- JSON ------------------------------------------------------------------

%% A request object as a map from key to {string, Binary} or, for any other
%% value, {raw, ItsJsonText}; throws {json, What, ByteOffset}.
parse_request(Line) ->
    {Map, Rest} = object(skip_ws(Line), Line, 0),
    case skip_ws(Rest) of
        <<>> -> Map;
        More -> fail("text after the object", Line, More)
    end.

fail(What, Line, Rest) -> throw({json, What, byte_size(Line) - byte_size(Rest)}).

skip_ws(<<C, Rest/binary>>) when C =:= $\s; C =:= $\t; C =:= $\n; C =:= $\r -> skip_ws(Rest);
skip_ws(Bin) -> Bin.

object(<<${, Rest/binary>>, Line, Depth) ->
    case skip_ws(Rest) of
        <<$}, After/binary>> -> {#{}, After};
        Members -> members(Members, Line, Depth, #{})
    end;
object(Rest, Line, _) -> fail("expected '{'", Line, Rest).

members(Bin, Line, Depth, Acc) ->
    {Key, AfterKey} = string(Bin, Line),
    case skip_ws(AfterKey) of
        <<$:, AfterColon/binary>> ->
            Start = skip_ws(AfterColon),
            {Value, AfterValue} = value(Start, Line, Depth),
            Acc1 = Acc#{Key => Value},
            case skip_ws(AfterValue) of
                <<$,, Next/binary>> -> members(skip_ws(Next), Line, Depth, Acc1);
                <<$}, After/binary>> -> {Acc1, After};
                Other -> fail("expected ',' or '}'", Line, Other)
            end;
        Other -> fail("expected ':'", Line, Other)
    end.

value(<<$", _/binary>> = Bin, Line, _) ->
    {S, Rest} = string(Bin, Line),
    {{string, S}, Rest};
value(Bin, Line, Depth) ->
    Rest = skip_value(Bin, Line, Depth),
    {{raw, binary:part(Bin, 0, byte_size(Bin) - byte_size(Rest))}, Rest}.

skip_value(_, Line, Depth) when Depth >= 64 -> fail("nested too deep", Line, <<>>);
skip_value(<<$", _/binary>> = Bin, Line, _) -> element(2, string(Bin, Line));
skip_value(<<${, _/binary>> = Bin, Line, Depth) -> element(2, object(Bin, Line, Depth + 1));
skip_value(<<$[, Rest/binary>>, Line, Depth) ->
    case skip_ws(Rest) of
        <<$], After/binary>> -> After;
        Items -> items(Items, Line, Depth + 1)
    end;
skip_value(<<"true", Rest/binary>>, _, _) -> Rest;
skip_value(<<"false", Rest/binary>>, _, _) -> Rest;
skip_value(<<"null", Rest/binary>>, _, _) -> Rest;
skip_value(Bin, Line, _) -> number(Bin, Line).

items(Bin, Line, Depth) ->
    Rest = skip_value(Bin, Line, Depth),
    case skip_ws(Rest) of
        <<$,, Next/binary>> -> items(skip_ws(Next), Line, Depth);
        <<$], After/binary>> -> After;
        Other -> fail("expected ',' or ']'", Line, Other)
    end.

number(Bin, Line) ->
    case re:run(Bin, "^-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][-+]?[0-9]+)?", [{capture, first, index}]) of
        {match, [{0, Len}]} when Len > 0 -> binary:part(Bin, Len, byte_size(Bin) - Len);
        _ -> fail("expected a value", Line, Bin)
    end.

string(<<$", Rest/binary>>, Line) -> chars(Rest, Line, []);
string(Bin, Line) -> fail("expected a string", Line, Bin).

chars(<<$", Rest/binary>>, _, Acc) -> {iolist_to_binary(lists:reverse(Acc)), Rest};
chars(<<$\\, Rest/binary>> = Escape, Line, Acc) -> escape(Rest, Escape, Line, Acc);
chars(<<C, _/binary>> = Bin, Line, _) when C < 16#20 ->
    fail("a control character in a string must be escaped", Line, Bin);
chars(<<>>, Line, _) -> fail("a string does not end", Line, <<>>);
chars(Bin, Line, Acc) ->
    %% A run of plain bytes at once (the line is known to be UTF-8).
    {Pos, _} = case binary:match(Bin, [<<"\"">>, <<"\\">>]) of
                   nomatch -> {byte_size(Bin), 0};
                   Found -> Found
               end,
    Plain = binary:part(Bin, 0, Pos),
    case [C || <<C>> <= Plain, C < 16#20] of
        [] -> chars(binary:part(Bin, Pos, byte_size(Bin) - Pos), Line, [Plain | Acc]);
        _ -> chars_slow(Bin, Line, Acc)
    end.

chars_slow(<<C, _/binary>> = Bin, Line, _) when C < 16#20 ->
    fail("a control character in a string must be escaped", Line, Bin);
chars_slow(<<C, Rest/binary>>, Line, Acc) -> chars(Rest, Line, [C | Acc]).

escape(<<C, Rest/binary>>, _, Line, Acc) when C =:= $"; C =:= $\\; C =:= $/ -> chars(Rest, Line, [C | Acc]);
escape(<<$b, Rest/binary>>, _, Line, Acc) -> chars(Rest, Line, [$\b | Acc]);
escape(<<$f, Rest/binary>>, _, Line, Acc) -> chars(Rest, Line, [$\f | Acc]);
escape(<<$n, Rest/binary>>, _, Line, Acc) -> chars(Rest, Line, [$\n | Acc]);
escape(<<$r, Rest/binary>>, _, Line, Acc) -> chars(Rest, Line, [$\r | Acc]);
escape(<<$t, Rest/binary>>, _, Line, Acc) -> chars(Rest, Line, [$\t | Acc]);
escape(<<$u, Rest/binary>>, Escape, Line, Acc) ->
    {Code, After} = hex4(Rest, Line),
    if
        Code >= 16#DC00, Code =< 16#DFFF -> fail("a lone surrogate escape (not a character)", Line, Escape);
        Code >= 16#D800, Code =< 16#DBFF ->
            case After of
                <<"\\u", Low0/binary>> ->
                    {Low, After2} = hex4(Low0, Line),
                    if
                        Low >= 16#DC00, Low =< 16#DFFF ->
                            Cp = 16#10000 + ((Code - 16#D800) bsl 10) + (Low - 16#DC00),
                            chars(After2, Line, [<<Cp/utf8>> | Acc]);
                        true -> fail("a lone surrogate escape (not a character)", Line, Escape)
                    end;
                _ -> fail("a lone surrogate escape (not a character)", Line, Escape)
            end;
        true -> chars(After, Line, [<<Code/utf8>> | Acc])
    end;
escape(Rest, _, Line, _) -> fail("unknown escape in a string", Line, Rest).

hex4(<<A, B, C, D, Rest/binary>> = Bin, Line) ->
    case lists:all(fun is_hex/1, [A, B, C, D]) of
        true -> {list_to_integer([A, B, C, D], 16), Rest};
        false -> fail("a \\u escape needs four hex digits", Line, Bin)
    end;
hex4(Rest, Line) -> fail("a \\u escape needs four hex digits", Line, Rest).

%% A JSON string: '"', '\' and control characters escaped, UTF-8 as is.
quote(Bin) ->
    [$", [quote_char(C) || <<C>> <= Bin], $"].

quote_char($") -> <<"\\\"">>;
quote_char($\\) -> <<"\\\\">>;
quote_char($\n) -> <<"\\n">>;
quote_char($\r) -> <<"\\r">>;
quote_char($\t) -> <<"\\t">>;
quote_char(C) when C < 16#20 -> io_lib:format("\\u~4.16.0b", [C]);
quote_char(C) -> C.
