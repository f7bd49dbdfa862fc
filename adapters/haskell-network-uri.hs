{-# LANGUAGE CPP #-}
-- rfc1808 adapter for Haskell's network-uri (Debian's libghc-network-uri-dev):
-- the base is parsed with parseURI (an absolute URI), the relative reference
-- with parseURIReference, and `relativeTo ref base`, written back with
-- `uriToString id`, is the answer. network-uri's parsers return Nothing for
-- what they refuse, with no reason: a Nothing is a rejection that says which
-- string was refused.
--
-- network-uri claims RFC 3986: Network.URI's documentation says that RFC
-- 3986 "has been used as the primary reference for constructing the URI
-- parser implemented here", and its relativeTo follows section 5.2.
--
-- Build (adapters/install.sh does it), then run the binary:
--
--     ghc -O -outputdir target/adapters/ghc -o target/adapters/haskell-network-uri \
--         adapters/haskell-network-uri.hs
--     target/adapters/haskell-network-uri                  # jsonl (also: --jsonl)
--     target/adapters/haskell-network-uri --lines          # lines
--     target/adapters/haskell-network-uri BASE RELATIVE    # argv
--
-- Only GHC's own libraries besides network-uri, so this file has its own
-- reader of the protocol's requests (any key order, unknown keys skipped
-- whatever they hold, every escape decoded, surrogate pairs joined, a lone
-- surrogate refused) and writer of its answers; each line is decoded as
-- UTF-8 strictly, so a line that is not UTF-8 is answered as such.
module Main (main) where

import Control.Exception (SomeException, evaluate, try)
import qualified Data.ByteString as B
import qualified Data.ByteString.Char8 as BC
import Data.Char (chr, isDigit, isHexDigit, ord)
import qualified Data.Text as T
import qualified Data.Text.Encoding as TE
import Data.Version (showVersion)
import GHC.IO.Encoding (setFileSystemEncoding)
import Network.URI (parseURI, parseURIReference, relativeTo, uriToString)
import Numeric (readHex, showHex)
import System.Environment (getArgs)
import System.Exit (exitWith, ExitCode (..))
import System.IO
import System.Info (compilerVersion)

name :: String
name = "haskell-network-uri"

version :: String
version = VERSION_network_uri ++ " (ghc " ++ showVersion compilerVersion ++ ")"

-- | The resolved URI, or the rejection.
resolve :: String -> String -> IO (Either String String)
resolve base relative =
  case (parseURI base, parseURIReference relative) of
    (Nothing, _) -> return (Left "parseURI: Nothing (the base is not an absolute URI)")
    (_, Nothing) -> return (Left "parseURIReference: Nothing (the relative reference is not a URI reference)")
    (Just b, Just r) -> do
      -- Anything the library throws while resolving is a rejection too.
      outcome <- try (evaluate (forceString (uriToString id (r `relativeTo` b) "")))
      return $ case outcome of
        Right s -> Right s
        Left e -> Left ("exception: " ++ oneLine (show (e :: SomeException)))

forceString :: String -> String
forceString s = length s `seq` s

oneLine :: String -> String
oneLine = map (\c -> if c == '\n' || c == '\r' then ' ' else c)

-- ---- JSON -----------------------------------------------------------------

data Value = Str String | Raw String

-- | A request object: its keys in order with their values; or what is wrong.
parseRequest :: String -> Either String [(String, Value)]
parseRequest s = do
  (request, rest) <- object 0 (skipWs s)
  case skipWs rest of
    "" -> Right request
    _ -> Left "text after the object"

skipWs :: String -> String
skipWs = dropWhile (`elem` " \t\r\n")

object :: Int -> String -> Either String ([(String, Value)], String)
object depth ('{' : rest) = case skipWs rest of
  '}' : after -> Right ([], after)
  s -> members depth s []
object _ _ = Left "expected '{'"

members :: Int -> String -> [(String, Value)] -> Either String ([(String, Value)], String)
members depth s acc = do
  (key, afterKey) <- string s
  case skipWs afterKey of
    ':' : afterColon -> do
      (value, afterValue) <- item depth (skipWs afterColon)
      let acc' = acc ++ [(key, value)]
      case skipWs afterValue of
        ',' : next -> members depth (skipWs next) acc'
        '}' : after -> Right (acc', after)
        _ -> Left "expected ',' or '}'"
    _ -> Left "expected ':'"

item :: Int -> String -> Either String (Value, String)
item _ s@('"' : _) = do
  (str, rest) <- string s
  Right (Str str, rest)
item depth s = do
  rest <- skipValue depth s
  Right (Raw (take (length s - length rest) s), rest)

skipValue :: Int -> String -> Either String String
skipValue depth _ | depth >= 64 = Left "nested too deep"
skipValue _ s@('"' : _) = snd <$> string s
skipValue depth s@('{' : _) = snd <$> object (depth + 1) s
skipValue depth ('[' : rest) = case skipWs rest of
  ']' : after -> Right after
  s -> items (depth + 1) s
skipValue _ s
  | Just rest <- stripLiteral "true" s = Right rest
  | Just rest <- stripLiteral "false" s = Right rest
  | Just rest <- stripLiteral "null" s = Right rest
  | otherwise = number s

stripLiteral :: String -> String -> Maybe String
stripLiteral word s
  | take (length word) s == word = Just (drop (length word) s)
  | otherwise = Nothing

items :: Int -> String -> Either String String
items depth s = do
  rest <- skipValue depth s
  case skipWs rest of
    ',' : next -> items depth (skipWs next)
    ']' : after -> Right after
    _ -> Left "expected ',' or ']'"

number :: String -> Either String String
number s0 = do
  let s1 = case s0 of '-' : r -> r; r -> r
  s2 <- case s1 of
    '0' : r -> Right r
    c : _ | isDigit c -> Right (dropWhile isDigit s1)
    _ -> Left "expected a value"
  s3 <- case s2 of
    '.' : r@(c : _) | isDigit c -> Right (dropWhile isDigit r)
    '.' : _ -> Left "expected a digit"
    _ -> Right s2
  case s3 of
    e : r | e == 'e' || e == 'E' ->
      let r' = case r of sign : t | sign == '+' || sign == '-' -> t; t -> t
       in case r' of
            c : _ | isDigit c -> Right (dropWhile isDigit r')
            _ -> Left "expected a digit"
    _ -> Right s3

string :: String -> Either String (String, String)
string ('"' : rest) = chars rest []
string _ = Left "expected a string"

chars :: String -> String -> Either String (String, String)
chars [] _ = Left "a string does not end"
chars ('"' : rest) acc = Right (reverse acc, rest)
chars ('\\' : rest) acc = escape rest acc
chars (c : rest) acc
  | c < ' ' = Left "a control character in a string must be escaped"
  | otherwise = chars rest (c : acc)

escape :: String -> String -> Either String (String, String)
escape (c : rest) acc
  | Just d <- lookup c simple = chars rest (d : acc)
  where
    simple = [('"', '"'), ('\\', '\\'), ('/', '/'), ('b', '\b'), ('f', '\f'), ('n', '\n'), ('r', '\r'), ('t', '\t')]
escape ('u' : rest) acc = do
  (code, after) <- hex4 rest
  if code >= 0xDC00 && code <= 0xDFFF
    then Left "a lone surrogate escape (not a character)"
    else
      if code >= 0xD800 && code <= 0xDBFF
        then case after of
          '\\' : 'u' : lowText -> do
            (low, after') <- hex4 lowText
            if low >= 0xDC00 && low <= 0xDFFF
              then chars after' (chr (0x10000 + (code - 0xD800) * 0x400 + (low - 0xDC00)) : acc)
              else Left "a lone surrogate escape (not a character)"
          _ -> Left "a lone surrogate escape (not a character)"
        else chars after (chr code : acc)
escape _ _ = Left "unknown escape in a string"

hex4 :: String -> Either String (Int, String)
hex4 s
  | length digits == 4 && all isHexDigit digits = Right (fst (head (readHex digits)), drop 4 s)
  | otherwise = Left "a \\u escape needs four hex digits"
  where
    digits = take 4 s

-- | A JSON string: '"', '\' and control characters escaped, the rest as is.
quote :: String -> String
quote s = "\"" ++ concatMap char s ++ "\""
  where
    char '"' = "\\\""
    char '\\' = "\\\\"
    char '\n' = "\\n"
    char '\r' = "\\r"
    char '\t' = "\\t"
    char c
      | c < ' ' = "\\u" ++ replicate (4 - length h) '0' ++ h
      | otherwise = [c]
      where
        h = showHex (ord c) ""

-- ---- The three protocols --------------------------------------------------

put :: String -> IO ()
put s = B.hPut stdout (TE.encodeUtf8 (T.pack s)) >> B.hPut stdout (BC.pack "\n") >> hFlush stdout

-- | The next line as bytes, without its LF or a CR before it; Nothing at the end.
nextLine :: IO (Maybe B.ByteString)
nextLine = do
  end <- hIsEOF stdin
  if end
    then return Nothing
    else do
      line <- B.hGetLine stdin
      return (Just (if not (B.null line) && BC.last line == '\r' then B.init line else line))

decodeUtf8 :: B.ByteString -> Maybe String
decodeUtf8 bytes = either (const Nothing) (Just . T.unpack) (TE.decodeUtf8' bytes)

errorAnswer :: String -> String -> String
errorAnswer ident message = "{\"id\":" ++ ident ++ ",\"error\":" ++ quote message ++ "}"

-- | The longest request line decoded: a String takes tens of bytes a
-- character, so a longer line is answered with an error, not decoded.
lineLimit :: Int
lineLimit = 64 * 1024 * 1024

tooLong :: Int -> B.ByteString -> String
tooLong n bytes = "adapter: line " ++ show n ++ ": the request is longer than 64 MiB (" ++ show (B.length bytes) ++ " bytes)"

jsonl :: Int -> IO ()
jsonl n = do
  next <- nextLine
  case next of
    Nothing -> return ()
    Just bytes | B.length bytes > lineLimit -> put (errorAnswer "null" (tooLong n bytes)) >> jsonl (n + 1)
    Just bytes -> case decodeUtf8 bytes of
      Nothing -> put (errorAnswer "null" ("adapter: line " ++ show n ++ ": the request is not UTF-8")) >> jsonl (n + 1)
      Just line -> case parseRequest line of
        Left what -> put (errorAnswer "null" ("adapter: line " ++ show n ++ ": not a JSON request: " ++ what)) >> jsonl (n + 1)
        Right request -> do
          let ident = case lookup "id" request of
                Just (Raw text) -> text
                Just (Str text) -> quote text
                Nothing -> "null"
              str key = case lookup key request of
                Just (Str text) -> Just text
                _ -> Nothing
          case str "type" of
            Just "stop" -> return ()
            Just "start" -> do
              put $ "{\"type\":\"started\",\"version\":1,\"name\":" ++ quote name
                ++ ",\"implementation_version\":" ++ quote version
                ++ ",\"language\":\"haskell\",\"spec\":\"RFC 3986\"}"
              jsonl (n + 1)
            Just "resolve" -> do
              case (str "base", str "relative") of
                (Just base, Just relative) -> do
                  outcome <- resolve base relative
                  put $ case outcome of
                    Right result -> "{\"id\":" ++ ident ++ ",\"result\":" ++ quote result ++ "}"
                    Left message -> errorAnswer ident message
                _ -> put (errorAnswer ident ("adapter: line " ++ show n ++ ": a resolve request needs string `base` and `relative`"))
              jsonl (n + 1)
            Just other -> put (errorAnswer ident ("adapter: line " ++ show n ++ ": unknown request type " ++ quote other)) >> jsonl (n + 1)
            Nothing -> put (errorAnswer ident ("adapter: line " ++ show n ++ ": the request has no string `type`")) >> jsonl (n + 1)

lines' :: Int -> IO ()
lines' n = do
  next <- nextLine
  case next of
    Nothing -> return ()
    Just bytes -> do
      out <- case decodeUtf8 bytes of
        _ | B.length bytes > lineLimit -> return ('\t' : tooLong n bytes)
        Nothing -> return ("\tadapter: line " ++ show n ++ ": the request is not UTF-8")
        Just line -> case break (== '\t') line of
          (_, []) -> return ("\tadapter: line " ++ show n ++ ": a request without a TAB")
          (base, _ : relative) -> do
            outcome <- resolve base relative
            return $ case outcome of
              Left message -> '\t' : oneLine message
              Right result
                | any (`elem` "\r\n") result || take 1 result == "\t" -> "\tadapter: the result cannot be sent as a line"
                | otherwise -> result
      put out
      lines' (n + 1)

main :: IO ()
main = do
  hSetBinaryMode stdin True
  hSetBinaryMode stdout True
  hSetBuffering stdout (BlockBuffering Nothing)
  hSetEncoding stderr utf8
  -- Arguments are UTF-8 whatever the locale.
  setFileSystemEncoding utf8
  args <- getArgs
  case args of
    [] -> jsonl 1
    ["--jsonl"] -> jsonl 1
    ["--lines"] -> lines' 1
    [base, relative] -> do
      outcome <- resolve base relative
      case outcome of
        Right result -> put result
        Left message -> hPutStrLn stderr message >> exitWith (ExitFailure 1)
    _ -> hPutStrLn stderr ("usage: " ++ name ++ " [--jsonl | --lines | BASE RELATIVE]") >> exitWith (ExitFailure 2)
