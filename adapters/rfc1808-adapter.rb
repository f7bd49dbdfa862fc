# The protocol loop of the Ruby adapters in adapters/ (ruby-uri,
# ruby-addressable): the three protocols of docs/adapters.md, so that each
# adapter file holds only the call of its library. An adapter requires this
# file from beside itself and hands it its name, the spec it claims, its
# library's version and its call:
#
#     require_relative 'rfc1808-adapter'
#
#     Rfc1808Adapter.run(name: 'ruby-uri', spec: 'RFC 3986',
#                        version: -> { "#{URI::VERSION} (ruby #{RUBY_VERSION})" }) do |base, relative|
#       URI.join(base, relative).to_s
#     end
#
# Needs only Ruby (json is a default gem). docs/adapters.md has the same
# loop as one file to copy, for an adapter kept outside this repository.
require 'json'

module Rfc1808Adapter
  module_function

  # Serves the protocol ARGV selects, then exits. `version` is asked at each
  # handshake; the block resolves, and what it raises (a StandardError) is
  # the library's rejection, reported with its class name.
  def run(name:, spec:, version:, &resolve)
    # Input is UTF-8 whatever the locale says; every answer goes out at once.
    $stdin.binmode
    $stdout.binmode
    $stdout.sync = true
    adapter = { name: name, spec: spec, version: version, resolve: resolve }
    args = ARGV
    if args.empty? || args == ['--jsonl']
      $stdin.each_line do |line|
        answer = jsonl_answer(adapter, line)
        break if answer.nil?

        $stdout.write(JSON.generate(answer), "\n")
      end
    elsif args == ['--lines']
      $stdin.each_line { |line| $stdout.write(lines_answer(adapter, line), "\n") }
    elsif args.length == 2
      result, error = resolve(adapter, utf8(args[0]), utf8(args[1]))
      if error
        warn error
        exit 1
      end
      $stdout.write(result, "\n")
    else
      warn "usage: #{name} [--jsonl | --lines | BASE RELATIVE]"
      exit 2
    end
  end

  # Returns [result, nil] or [nil, message] when the library raises.
  def resolve(adapter, base, relative)
    [adapter[:resolve].call(base, relative), nil]
  rescue StandardError => e
    # The library's documented rejection, or anything else it raises,
    # reported the same way, with its class name.
    [nil, "#{e.class}: #{e.message}"]
  end

  def utf8(bytes)
    bytes.dup.force_encoding(Encoding::UTF_8).scrub
  end

  def jsonl_answer(adapter, line)
    request = begin
      JSON.parse(utf8(line))
    rescue JSON::ParserError => e
      return { 'id' => nil, 'error' => "adapter: bad request: #{e.message}" }
    end
    return { 'id' => nil, 'error' => 'adapter: bad request: not an object' } unless request.is_a?(Hash)

    id = request['id']
    case request['type']
    when 'stop'
      nil
    when 'start'
      {
        'type' => 'started', 'version' => 1, 'name' => adapter[:name],
        'implementation_version' => adapter[:version].call,
        'language' => 'ruby', 'spec' => adapter[:spec]
      }
    when 'resolve'
      base = request['base']
      relative = request['relative']
      unless base.is_a?(String) && relative.is_a?(String)
        return { 'id' => id, 'error' => 'adapter: base and relative must be strings' }
      end

      result, error = resolve(adapter, base, relative)
      error ? { 'id' => id, 'error' => error } : { 'id' => id, 'result' => result }
    else
      { 'id' => id, 'error' => "adapter: unknown request type #{request['type'].inspect}" }
    end
  end

  def lines_answer(adapter, line)
    base, relative = utf8(line).chomp.split("\t", 2)
    return "\tadapter: request without a TAB" if relative.nil?

    result, error = resolve(adapter, base, relative)
    return "\t#{error.gsub(/[\r\n]+/, ' ')}" if error
    return "\tadapter: the result cannot be sent as a line" if result.match?(/[\r\n]/) || result.start_with?("\t")

    result
  end
end
