#!/usr/bin/env ruby
# rfc1808 adapter for Ruby's URI: `URI.join(base, relative).to_s`, the call the
# URI documentation gives for resolving a reference (README, "Writing an
# adapter"). A URI::Error is a rejection.
#
#     ruby adapters/ruby-uri.rb              # jsonl (also: --jsonl)
#     ruby adapters/ruby-uri.rb --lines      # lines
#     ruby adapters/ruby-uri.rb BASE REL     # argv
#
# Needs only Ruby (uri and json are default gems). The protocols are those of
# rfc1808-adapter.rb, beside this file.
require 'uri'
require_relative 'rfc1808-adapter'

Rfc1808Adapter.run(name: 'ruby-uri', spec: 'RFC 3986',
                   version: -> { "#{URI::VERSION} (ruby #{RUBY_VERSION})" }) do |base, relative|
  URI.join(base, relative).to_s
end
