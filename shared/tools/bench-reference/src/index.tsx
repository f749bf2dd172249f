/**
 * The reference of pnpm bench:lighthouse: the portal's sign-in screen as the default application
 * shows it (two-column layout, Spanish) as one plain React + Chakra bundle, with no Module
 * Federation, profiles, i18n or router. /login is judged against what this page costs on the
 * same machine in the same run.
 */
import {
  Box,
  Button,
  ChakraProvider,
  Field,
  Heading,
  IconButton,
  Input,
  InputGroup,
  Link,
  Stack,
  Text,
  defaultSystem,
} from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { createRoot } from 'react-dom/client';
// the default application's logo, the very file /login shows, and the sign-in's own eye icon
import logo from '../../../../api/src/modules/static/brand/public/ibuhoo/logo-white.svg';
import { EyeIcon } from '../../../../mfe-auth/src/components/EyeIcon';

/** The default application's colours, as its profile gives them to /login. */
const COLORS = { background: '#f4f6f9', text: '#575756', input: '#8a8a8a', brand: '#1d5fa8', panel: '#123f72' };

function SignIn() {
  const [user, setUser] = useState('');
  const [password, setPassword] = useState('');
  const [shown, setShown] = useState(false);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => event.preventDefault();
  const inputColors = { bg: 'white', color: COLORS.text, borderColor: COLORS.input, focusRingColor: COLORS.brand };

  return (
    <Box display="grid" gridTemplateColumns={{ base: '1fr', md: '1fr 1fr' }} minH="100vh" color={COLORS.text}>
      <Box bg={COLORS.panel} display="flex" alignItems="center" justifyContent="center" p="8" minH={{ base: '32', md: 'auto' }}>
        <img src={logo} alt="GSE Suite" width={180} style={{ maxWidth: '100%', height: 'auto', display: 'block' }} />
      </Box>
      <Box minH="100vh" display="flex" alignItems="center" justifyContent="center" p="4" bg={COLORS.background}>
        <Box as="section" aria-labelledby="sign-in-title" w="full" maxW="sm">
          <Stack gap="5">
            <form onSubmit={onSubmit} noValidate>
              <Stack gap="5">
                <Stack gap="1">
                  <Heading as="h1" id="sign-in-title" size="xl">
                    Iniciar sesión
                  </Heading>
                  <Text>Ingresa con tu usuario y contraseña</Text>
                </Stack>
                <Field.Root>
                  <Field.Label color={COLORS.text}>Usuario</Field.Label>
                  <Input
                    autoComplete="username"
                    autoCapitalize="none"
                    spellCheck={false}
                    value={user}
                    onChange={(e) => setUser(e.target.value)}
                    {...inputColors}
                  />
                </Field.Root>
                <Field.Root>
                  <Field.Label color={COLORS.text}>Contraseña</Field.Label>
                  <InputGroup
                    endElement={
                      <IconButton
                        aria-label={shown ? 'Ocultar contraseña' : 'Mostrar contraseña'}
                        aria-pressed={shown}
                        variant="ghost"
                        size="sm"
                        me="-2"
                        color="inherit"
                        onClick={() => setShown(!shown)}
                      >
                        <EyeIcon open={shown} />
                      </IconButton>
                    }
                  >
                    <Input
                      type={shown ? 'text' : 'password'}
                      autoComplete="current-password"
                      value={password}
                      onChange={(e) => setPassword(e.target.value)}
                      {...inputColors}
                    />
                  </InputGroup>
                </Field.Root>
                <Button
                  type="submit"
                  bg={COLORS.brand}
                  color="white"
                  _disabled={{ bg: '#c9d3df', color: '#3d3d3d', opacity: 1 }}
                  disabled={!user.trim() || !password}
                >
                  Ingresar
                </Button>
                <Link href="#" alignSelf="center" color={COLORS.brand}>
                  Recordar contraseña
                </Link>
              </Stack>
            </form>
            <Text fontSize="xs" textAlign="center">
              Versión 1.0.0
            </Text>
          </Stack>
        </Box>
      </Box>
    </Box>
  );
}

createRoot(document.getElementById('root')!).render(
  <ChakraProvider value={defaultSystem}>
    <SignIn />
  </ChakraProvider>,
);
